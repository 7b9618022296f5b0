const FUNCTIONS_PREFIX = "functions.";
const CALL_NUMBER = /^\d+$/;
const WHITESPACE = /\s/;

/**
 * The function name in a Kimi call id `functions.NAME:IDX` (docs/dialects.md §3): what sits between a leading
 * `functions.` and the last `:`, so dotted names stay whole (`functions.api.tools.search:0` →
 * `api.tools.search`) and an id without the prefix works too (`get_weather:0`). Undefined when the id has no
 * `:IDX` with a decimal IDX, no name, or whitespace: then it is not a call.
 */
export function kimiFunctionName(id: string): string | undefined {
  if (WHITESPACE.test(id)) return undefined;
  const colon = id.lastIndexOf(":");
  if (colon === -1 || !CALL_NUMBER.test(id.slice(colon + 1))) return undefined;
  const qualified = id.slice(0, colon);
  const name = qualified.startsWith(FUNCTIONS_PREFIX) ? qualified.slice(FUNCTIONS_PREFIX.length) : qualified;
  return name.length > 0 ? name : undefined;
}
