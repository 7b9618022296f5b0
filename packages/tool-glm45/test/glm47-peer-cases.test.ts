import { runToolPeerCases } from "@sluice/core/testkit";
import { glm47ToolDialect } from "../src";

const SCHEMALESS =
  "the peer infers types without a schema; docs/dialects.md §2 (Types): a tool the request does not offer, or a parameter its schema does not name, keeps the raw string (our own test asserts it)";
const PHANTOM_OPENER =
  "vLLM drops a phantom <tool_call>; docs/dialects.md §2: `<tool_call>` not followed by a call is text (lossless, like qwen_xml's t034), so it stays in the content";

// The peer cases of fixtures/ for "glm47" (32 today), as docs/dialects.md §2/§3 read them.
runToolPeerCases({
  dialect: glm47ToolDialect,
  dialects: (name) => name === "glm47",
  skip: {
    "t106-test-glm47-type-conversion": SCHEMALESS,
    "d055-glm47-test-python-literals": SCHEMALESS,
    "d056-glm47-test-glm47-nested-json-in-arg-values": SCHEMALESS,
    "d032-glm47-test-invalid-tool-call":
      "SGLang drops calls to functions not in tools; docs/dialects.md §2 emits them like vLLM's legacy parser does (qwen_xml's t015; the client answers an unknown tool)",
  },
  contentPerDocs: {
    "t104-test-glm47-complete-parsing": {
      content: "Let me search for that.\n\nThe weather will be...",
      reason: "smg non-streaming drops text after the calls; docs/dialects.md §2: text after calls is text",
    },
    "d052-glm47-teststraytoolcallrecovery-test-two-stray-then-real": {
      content: "text <tool_call>",
      reason: PHANTOM_OPENER,
    },
    "d053-glm47-teststraytoolcallrecovery-test-stray-with-args": {
      content: "prose <tool_call>",
      reason: PHANTOM_OPENER,
    },
  },
});
