import { runToolPeerCases } from "@sluice/core/testkit";
import { minimaxM3ToolDialect } from "../src";

// The tool peer cases of fixtures/ for "minimax_m3" (14), as recorded, one character per chunk and at seeded splits.
runToolPeerCases({
  dialect: minimaxM3ToolDialect,
  dialects: (name) => name === "minimax_m3",
  skip: {
    "e027-minimax_m3-test-mismatched-closing-tag":
      "SGLang fails the whole block on a close tag that names nothing open and returns it as text; docs/dialects.md §3 (minimax_m3): the namespace token makes every tag structural, so such a close closes the innermost open element with minimax_m3.mismatched_close_tag, as qwen_xml's drifted close does (our own test asserts it)",
  },
});
