import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "../src";

runReasoningChunkingProperty(qwen3ReasoningDialect);
