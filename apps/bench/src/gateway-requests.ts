const writeTool = {
  type: "object",
  properties: { file_path: { type: "string" }, content: { type: "string" } },
};

/**
 * The bench's request on each generation route, for `model` (an alias of the preset's model on
 * /v1/messages): thinking on, the Write tool declared, streamed. The same upstream stream answers
 * them all, so rows differ only by the surface's encoder.
 */
export function gatewayRequests(model: { messages: string; openai: string }): {
  messages: string;
  chat: string;
  responses: string;
} {
  return {
    messages: JSON.stringify({
      model: model.messages,
      max_tokens: 32000,
      stream: true,
      thinking: { type: "enabled", budget_tokens: 16000 },
      messages: [{ role: "user", content: "Write the report." }],
      tools: [{ name: "Write", input_schema: writeTool }],
    }),
    chat: JSON.stringify({
      model: model.openai,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "Write the report." }],
      tools: [{ type: "function", function: { name: "Write", parameters: writeTool } }],
    }),
    responses: JSON.stringify({
      model: model.openai,
      stream: true,
      store: false,
      input: "Write the report.",
      tools: [{ type: "function", name: "Write", parameters: writeTool, strict: false }],
    }),
  };
}
