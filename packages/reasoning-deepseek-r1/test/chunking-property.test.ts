import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { deepseekR1ReasoningDialect } from "../src";

runReasoningChunkingProperty(deepseekR1ReasoningDialect);
