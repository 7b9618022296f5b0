/** vLLM answers `{count, max_model_len, tokens}`; other servers only `{tokens}`. */
export function readTokenCount(json: unknown): number | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const { count, tokens } = json as { count?: unknown; tokens?: unknown };
  if (typeof count === "number" && Number.isInteger(count) && count >= 0) return count;
  if (Array.isArray(tokens)) return tokens.length;
  return undefined;
}
