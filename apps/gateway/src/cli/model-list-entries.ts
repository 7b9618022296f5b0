/**
 * The entries of an OpenAI-style model list (`{"object": "list", "data": [...]}`) as a server or a gateway
 * answers `GET /v1/models`; undefined when the text is not such a list.
 */
export function modelListEntries(text: string): unknown[] | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return undefined;
  }
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data : undefined;
}
