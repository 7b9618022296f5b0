import { randomBytes } from "node:crypto";
import type { JsonSchema, ToolSchemas } from "@sluice/core";
import type { TranscoderOptions } from "@sluice/pipeline";
import type { ModelPlan } from "../config/resolve-model-plan";

/**
 * What the transcoder needs for an OpenAI client: the tools' schemas as sent upstream (for typing
 * parameters), the stop strings and whether one call only is wanted as the client asked, and ids in OpenAI's own
 * `call_…` form (clients such as Codex keep them and send them back with the results).
 */
export function chatTranscoderOptions(
  request: Readonly<Record<string, unknown>>,
  body: Readonly<Record<string, unknown>>,
  plan: Pick<ModelPlan, "reasoning" | "tool">,
  options: {
    readonly thinking: boolean;
    readonly startsInReasoning: boolean | undefined;
    readonly clientModel: string;
    /** Until the upstream's usage arrives (promptTokensAtStart). */
    readonly inputTokens: number;
  },
): TranscoderOptions {
  return {
    reasoning: plan.reasoning,
    tool: plan.tool,
    thinking: options.thinking,
    startsInReasoning: options.startsInReasoning,
    tools: toolSchemas(body.tools),
    stopSequences: stopStrings(request.stop),
    disableParallelToolUse: request.parallel_tool_calls === false,
    // Echo the name the client asked for (an alias), not the configured one.
    model: options.clientModel,
    inputTokens: options.inputTokens,
    createToolId: createCallId,
  };
}

/** `call_` and 24 random base64url characters, like OpenAI's ids. */
export function createCallId(): string {
  return `call_${randomBytes(18).toString("base64url")}`;
}

function toolSchemas(tools: unknown): ToolSchemas {
  const schemas = new Map<string, JsonSchema>();
  if (!Array.isArray(tools)) return schemas;
  for (const tool of tools) {
    const fn = (tool as { function?: { name?: unknown; parameters?: unknown } }).function;
    if (typeof fn?.name !== "string") continue;
    const parameters = fn.parameters;
    schemas.set(
      fn.name,
      typeof parameters === "object" && parameters !== null ? (parameters as JsonSchema) : {},
    );
  }
  return schemas;
}

function stopStrings(stop: unknown): string[] | undefined {
  if (typeof stop === "string") return stop === "" ? undefined : [stop];
  if (!Array.isArray(stop)) return undefined;
  const strings = stop.filter((value): value is string => typeof value === "string" && value !== "");
  return strings.length === 0 ? undefined : strings;
}
