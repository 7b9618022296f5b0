import { isJsonRecord } from "./is-json-record";

/**
 * The hand-written narrowing of a parsed chunk to `ChatCompletionChunk`: it checks exactly what the
 * effect schema checks (test/narrow-chunk.test.ts holds them together) at a fraction of the cost, and
 * returns the path of the first field with a wrong type, or undefined when the chunk conforms.
 * Paths are built only on failure: this runs once per upstream chunk.
 */
export function findChunkMismatch(json: unknown): string | undefined {
  if (!isJsonRecord(json)) return "chunk (not a JSON object)";
  if (!isOptionalString(json.id)) return "id";
  if (!isOptionalString(json.object)) return "object";
  if (!isOptionalNumber(json.created)) return "created";
  if (!isOptionalString(json.model)) return "model";
  const choices = json.choices;
  if (choices !== undefined && choices !== null) {
    if (!Array.isArray(choices)) return "choices";
    for (let position = 0; position < choices.length; position++) {
      const mismatch = findChoiceMismatch(choices[position]);
      if (mismatch !== undefined) return `choices[${position}]${mismatch}`;
    }
  }
  const usage = json.usage;
  if (usage !== undefined && usage !== null) {
    const mismatch = findUsageMismatch(usage);
    if (mismatch !== undefined) return `usage${mismatch}`;
  }
  return undefined;
}

function findChoiceMismatch(choice: unknown): string | undefined {
  if (!isJsonRecord(choice)) return "";
  if (!isOptionalNumber(choice.index)) return ".index";
  if (!isOptionalString(choice.finish_reason)) return ".finish_reason";
  if (!isOptionalStringOrNumber(choice.stop_reason)) return ".stop_reason";
  if (!isOptionalStringOrNumber(choice.matched_stop)) return ".matched_stop";
  const delta = choice.delta;
  if (delta === undefined || delta === null) return undefined;
  if (!isJsonRecord(delta)) return ".delta";
  if (!isOptionalString(delta.role)) return ".delta.role";
  if (!isOptionalString(delta.content)) return ".delta.content";
  if (!isOptionalString(delta.reasoning)) return ".delta.reasoning";
  if (!isOptionalString(delta.reasoning_content)) return ".delta.reasoning_content";
  const toolCalls = delta.tool_calls;
  if (toolCalls === undefined || toolCalls === null) return undefined;
  if (!Array.isArray(toolCalls)) return ".delta.tool_calls";
  for (let position = 0; position < toolCalls.length; position++) {
    const mismatch = findToolCallMismatch(toolCalls[position]);
    if (mismatch !== undefined) return `.delta.tool_calls[${position}]${mismatch}`;
  }
  return undefined;
}

/** Also used for `message.tool_calls` of a whole completion. */
export function findToolCallMismatch(toolCall: unknown): string | undefined {
  if (!isJsonRecord(toolCall)) return "";
  if (!isOptionalNumber(toolCall.index)) return ".index";
  if (!isOptionalString(toolCall.id)) return ".id";
  if (!isOptionalString(toolCall.type)) return ".type";
  const wireFunction = toolCall.function;
  if (wireFunction === undefined || wireFunction === null) return undefined;
  if (!isJsonRecord(wireFunction)) return ".function";
  if (!isOptionalString(wireFunction.name)) return ".function.name";
  if (!isOptionalString(wireFunction.arguments)) return ".function.arguments";
  return undefined;
}

function findUsageMismatch(usage: unknown): string | undefined {
  if (!isJsonRecord(usage)) return "";
  if (!isOptionalNumber(usage.prompt_tokens)) return ".prompt_tokens";
  if (!isOptionalNumber(usage.completion_tokens)) return ".completion_tokens";
  if (!isOptionalNumber(usage.total_tokens)) return ".total_tokens";
  const promptDetails = usage.prompt_tokens_details;
  if (promptDetails !== undefined && promptDetails !== null) {
    if (!isJsonRecord(promptDetails)) return ".prompt_tokens_details";
    if (!isOptionalNumber(promptDetails.cached_tokens)) return ".prompt_tokens_details.cached_tokens";
  }
  const completionDetails = usage.completion_tokens_details;
  if (completionDetails !== undefined && completionDetails !== null) {
    if (!isJsonRecord(completionDetails)) return ".completion_tokens_details";
    if (!isOptionalNumber(completionDetails.reasoning_tokens))
      return ".completion_tokens_details.reasoning_tokens";
  }
  return undefined;
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}

function isOptionalNumber(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "number";
}

function isOptionalStringOrNumber(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string" || typeof value === "number";
}
