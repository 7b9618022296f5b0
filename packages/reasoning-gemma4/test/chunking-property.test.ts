import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { gemma4ReasoningDialect } from "../src";

// Gemma 4's channel tags, its label and pieces of all three, so a label split anywhere is generated.
runReasoningChunkingProperty(gemma4ReasoningDialect, [
  "<|channel>",
  "<channel|>",
  "<|channel>thought\n",
  "<|chan",
  "nel>",
  "<channel",
  "thought\n",
  "thou",
  "ght",
  "<turn|>",
]);
