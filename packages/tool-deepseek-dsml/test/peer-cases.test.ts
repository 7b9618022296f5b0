import { runToolPeerCases } from "@sluice/core/testkit";
import { deepseekDsmlToolDialect } from "../src";

// The template's whitespace before a block is text here; the sequencer drops it (docs/dialects.md §1, Template
// separators), so a client sees exactly the peer's content.
const SEPARATOR_IS_TEXT =
  "smg trims the whitespace before the block; here it is text, and the block sequencer drops it as a template separator (docs/dialects.md §1)";

// Every fixture case for "deepseek_dsml" (fixtures/tool-peer-cases.json, `variant=` in their notes).
runToolPeerCases({
  dialect: deepseekDsmlToolDialect,
  dialects: (name) => name === "deepseek_dsml",
  contentPerDocs: {
    "d096-deepseek_v3-v32-test-deepseek32-complete-single-tool": {
      content: "Let me check that.\n\n",
      reason: SEPARATOR_IS_TEXT,
    },
    "d105-deepseek_v3-v4-test-deepseek-v4-complete-single-tool": {
      content: "Let me check that.\n\n",
      reason: SEPARATOR_IS_TEXT,
    },
    "d107-deepseek_v3-v4-test-deepseek-dsml-v4-streaming-bpe-chunked-opener": {
      content: "\n\n",
      reason: SEPARATOR_IS_TEXT,
    },
  },
});
