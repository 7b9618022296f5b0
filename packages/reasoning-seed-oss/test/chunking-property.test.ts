import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { seedOssReasoningDialect } from "../src";

// Seed-OSS's pair, its budget notes (inside reasoning and after the close) and pieces of both.
runReasoningChunkingProperty(seedOssReasoningDialect, [
  "<seed:think>",
  "</seed:think>",
  "<seed:th",
  "</seed:",
  "<seed:cot_budget_reflect>",
  "</seed:cot_budget_reflect>",
  "<seed:cot_bu",
  "dget_reflect>",
]);
