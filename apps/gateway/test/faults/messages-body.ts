/** A Messages request body as JSON text. */
export function messagesBody(
  model: string,
  stream: boolean,
  overrides: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    model,
    max_tokens: 256,
    stream,
    messages: [{ role: "user", content: "Hello" }],
    ...overrides,
  });
}
