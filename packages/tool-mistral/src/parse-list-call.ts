/** One object of v3's `[TOOL_CALLS] [{…}, …]` list, as a call, or why it is not one. */
export type ListCall =
  | { readonly kind: "call"; readonly name: string; readonly argumentsJson: string }
  | { readonly kind: "invalid"; readonly reason: string };

/**
 * `{"name": …, "arguments": {…}}` in either key order (v3 models write `arguments` first too), `arguments` an
 * object or a JSON string of one, absent meaning `{}`; an `id` beside them is ignored.
 */
export function parseListCall(source: string): ListCall {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { kind: "invalid", reason: `not JSON (${(error as Error).message})` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { kind: "invalid", reason: "not an object" };
  const { name, arguments: args } = value as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || name === "") return { kind: "invalid", reason: "no name" };
  let argumentsValue: unknown = args ?? {};
  if (typeof argumentsValue === "string") {
    try {
      argumentsValue = argumentsValue.trim() === "" ? {} : JSON.parse(argumentsValue);
    } catch {
      return { kind: "invalid", reason: "arguments are a string that is not JSON" };
    }
  }
  if (typeof argumentsValue !== "object" || argumentsValue === null || Array.isArray(argumentsValue))
    return { kind: "invalid", reason: "arguments are not an object" };
  return { kind: "call", name, argumentsJson: JSON.stringify(argumentsValue) };
}
