import { runReasoningPeerCases, runToolPeerCases } from "@sluice/core/testkit";
import { gemma4ReasoningDialect } from "@sluice/reasoning-gemma4";
import { gemma4ToolDialect } from "../src";

// The tool peer cases of fixtures/ for "gemma4" (13), as recorded, one character per chunk and at seeded splits,
// with the family's reasoning dialect in front (preset gemma-4): e046's bare call follows the thought channel.
runToolPeerCases({
  dialect: gemma4ToolDialect,
  dialects: (name) => name === "gemma4",
  reasoning: gemma4ReasoningDialect,
  skip: {
    "e038-gemma4-test-incomplete-tool-call":
      "vLLM returns a call the stream cut as its raw text; docs/dialects.md §3: a stream that ends inside a call cuts it (gemma4.unterminated_call), its source markup and its block left open, so it is never run (gemma4-tool-parser.test.ts asserts it)",
  },
  contentPerDocs: {
    "e034-gemma4-test-text-before-tool-call": {
      content: "Let me check the weather for you. ",
      reason:
        "the space before the call is kept by the parser; the sequencer drops it as a template separator (docs/dialects.md §1), which is what vLLM's strip shows",
    },
  },
});

// Gemma 4's reasoning peer cases (5) with the family's own dialects: q020 ends with a trailing <turn|>, which the
// tool dialect drops.
runReasoningPeerCases({
  dialect: gemma4ReasoningDialect,
  tool: gemma4ToolDialect,
  parsers: (name) => name === "gemma4",
  skip: {
    "q018-gemma4-test-gemma4-reasoning-new-line":
      "vLLM's non-streaming parser drops the text before <|channel> (its streaming parser keeps it); docs/dialects.md §1 (gemma4): the channel's tags are special tokens, so an opener after text enters reasoning and the text before it stays the answer, nothing lost (packages/reasoning-gemma4's test asserts it)",
    "q019-gemma4-test-gemma4-reasoning-invalid-simple":
      "vLLM's non-streaming parser takes text before a <channel|> without its opener as reasoning (its streaming parser shows it as content); docs/dialects.md §1 (gemma4): the template never leaves the model inside the channel (thinking off closes it in the prompt, thinking on lets the model open it), so a stray <channel|> is dropped and the text is the answer (packages/reasoning-gemma4's test asserts it)",
  },
});
