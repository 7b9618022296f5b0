import { runReasoningChunkingProperty } from "@sluice/core/testkit";
import { deepseekV41ReasoningDialect } from "../src";

runReasoningChunkingProperty(deepseekV41ReasoningDialect);
