import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { harmonyReasoningDialect } from "../src";

// Harmony's tokens, pieces of them, whole headers and the words headers are made of.
runReasoningChunkingProperty(harmonyReasoningDialect, [
  "<|start|>",
  "<|channel|>",
  "<|message|>",
  "<|end|>",
  "<|call|>",
  "<|return|>",
  "<|constrain|>",
  "<|chan",
  "nel|>",
  "<|",
  " to=",
  " to=functions.f",
  " to=assistant",
  "assistant",
  "analysis",
  "final",
  "commentary",
  "json",
  "<|start|>assistant<|channel|>final<|message|>",
  "<|channel|>analysis<|message|>",
]);
