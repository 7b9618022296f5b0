import fc from "fast-check";
import { deepValue, hostileValue, hugeString, oddString } from "./hostile-values";

// Huge text now and then: each one is a few hundred KiB through the gateway and back.
const text = fc.oneof({ weight: 12, arbitrary: oddString }, { weight: 1, arbitrary: hugeString });
const textBlock = fc.record({ type: fc.constant("text"), text });
const imageBlock = fc.record({
  type: fc.constant("image"),
  source: fc.oneof(
    fc.record({
      type: fc.constant("base64"),
      media_type: fc.constantFrom("image/png", "image/jpeg", "image/x-odd"),
      data: fc.base64String({ maxLength: 64 }),
    }),
    fc.record({ type: fc.constant("url"), url: fc.webUrl() }),
  ),
});
const toolId = fc.stringMatching(/^toolu_[A-Za-z0-9]{1,20}$/);
const toolInput = fc.oneof(
  fc.dictionary(oddString, fc.jsonValue({ maxDepth: 3 })),
  deepValue.map((deep) => ({ deep })),
);
const toolUseBlock = fc.record({
  type: fc.constant("tool_use"),
  id: toolId,
  name: oddString,
  input: toolInput,
});
const toolResultBlock = fc.record(
  {
    type: fc.constant("tool_result"),
    tool_use_id: toolId,
    content: fc.oneof(text, fc.array(fc.oneof(textBlock, imageBlock), { maxLength: 3 })),
    is_error: fc.boolean(),
  },
  { requiredKeys: ["type", "tool_use_id"] },
);
const thinkingBlock = fc.record({ type: fc.constant("thinking"), thinking: text, signature: oddString });
// Unknown block types must be accepted (docs/http-api.md §3); a generated name may also be a known one.
const unknownBlock = fc.record({
  type: fc.oneof(
    oddString,
    fc.constantFrom("mystery_block", "server_tool_use", "redacted_thinking", "document"),
  ),
  data: fc.jsonValue({ maxDepth: 3 }),
});

const userMessage = fc.record({
  role: fc.constant("user"),
  content: fc.oneof(
    text,
    fc.array(fc.oneof(textBlock, imageBlock, toolResultBlock, unknownBlock), { minLength: 1, maxLength: 4 }),
  ),
});
const assistantMessage = fc.record({
  role: fc.constant("assistant"),
  content: fc.oneof(
    text,
    fc.array(fc.oneof(textBlock, toolUseBlock, thinkingBlock, unknownBlock), { minLength: 1, maxLength: 4 }),
  ),
});
// Any role string is allowed: Claude Code sends `system` entries, others are sent as `user`.
const otherMessage = fc.record({ role: fc.oneof(fc.constant("system"), oddString), content: text });

const inputSchema = fc.oneof(
  fc.constant({ type: "object", properties: { command: { type: "string" } }, required: ["command"] }),
  deepValue.map((deep) => ({ type: "object", properties: { deep: { type: "object", default: deep } } })),
);
const tool = fc.record({ name: oddString, description: text, input_schema: inputSchema });

/**
 * Requests the Messages schema accepts, with odd strings, huge text, unknown block types, deep tool
 * input and every optional field, plus unknown top-level fields (which must be accepted).
 */
export const validOddRequest = fc
  .tuple(
    fc.record(
      {
        model: fc.constantFrom("ok", "claude-sonnet-4-5"),
        max_tokens: fc.integer({ min: 1, max: 1_000_000 }),
        messages: fc.array(fc.oneof(userMessage, assistantMessage, otherMessage), {
          minLength: 1,
          maxLength: 5,
        }),
        stream: fc.boolean(),
        system: fc.oneof(text, fc.array(textBlock, { maxLength: 3 })),
        tools: fc.array(tool, { maxLength: 3 }),
        tool_choice: fc.oneof(
          fc.constantFrom({ type: "auto" }, { type: "any" }, { type: "none" }),
          fc.record({ type: fc.constant("tool"), name: oddString, disable_parallel_tool_use: fc.boolean() }),
        ),
        thinking: fc.oneof(
          fc.record({ type: fc.constant("enabled"), budget_tokens: fc.integer({ min: 1, max: 100_000 }) }),
          fc.constantFrom({ type: "disabled" }, { type: "adaptive" }),
        ),
        stop_sequences: fc.array(oddString, { maxLength: 3 }),
        temperature: fc.double({ min: 0, max: 2, noNaN: true }),
        top_p: fc.double({ min: 0, max: 1, noNaN: true }),
        top_k: fc.integer({ min: 0, max: 1000 }),
        metadata: fc.record({ user_id: oddString }),
      },
      { requiredKeys: ["model", "max_tokens", "messages", "stream"] },
    ),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), oddString), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 3,
    }),
  )
  .map(([request, unknownFields]) => ({ ...unknownFields, ...request }));

/** Where a mutation lands: fields and their insides, as a path of keys and indexes. */
const MUTATION_PATHS: readonly (readonly (string | number)[])[] = [
  ["model"],
  ["max_tokens"],
  ["messages"],
  ["messages", 0],
  ["messages", 0, "role"],
  ["messages", 0, "content"],
  ["messages", 0, "content", 0],
  ["messages", 0, "content", 0, "type"],
  ["messages", 0, "content", 0, "text"],
  ["messages", 0, "content", 0, "input"],
  ["messages", 0, "content", 0, "content"],
  ["stream"],
  ["system"],
  ["system", 0],
  ["tools"],
  ["tools", 0],
  ["tools", 0, "name"],
  ["tools", 0, "input_schema"],
  ["tool_choice"],
  ["tool_choice", "type"],
  ["thinking"],
  ["thinking", "type"],
  ["thinking", "budget_tokens"],
  ["stop_sequences"],
  ["stop_sequences", 0],
  ["temperature"],
  ["top_k"],
  ["metadata"],
  ["metadata", "user_id"],
  ["output_config"],
];

const mutation = fc.tuple(
  fc.constantFrom(...MUTATION_PATHS),
  // undefined deletes the field (a missing required field, a hole in an array).
  fc.option(hostileValue, { nil: undefined }),
);

/** A valid request with one to three fields replaced by a wrong type, an odd value, or nothing. */
export const mutatedRequest = fc
  .tuple(validOddRequest, fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([request, mutations]) => {
    const copy = structuredClone(request) as Record<string, unknown>;
    for (const [path, value] of mutations) setAt(copy, path, value);
    return copy;
  });

function setAt(root: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== "object" || parent === null) return;
    parent = (parent as Record<string | number, unknown>)[key];
  }
  if (typeof parent !== "object" || parent === null) return;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete (parent as Record<string | number, unknown>)[last];
  else (parent as Record<string | number, unknown>)[last] = value;
}
