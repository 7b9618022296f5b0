import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { mistralReasoningDialect } from "../src";

// Mistral's pair and pieces of it, with the `[` `]` of its other special tokens.
runReasoningChunkingProperty(mistralReasoningDialect, ["[THINK]", "[/THINK]", "[TH", "[/", "INK]", "[", "]"]);
