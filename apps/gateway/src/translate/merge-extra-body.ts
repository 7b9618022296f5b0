/**
 * `upstream.extra_body` deep-merged into the translated request (docs/config.md §1): mappings merge
 * key by key, anything else (a list, a scalar, null) from the config replaces the translated value, so
 * `chat_template_kwargs: {preserve_thinking: true}` keeps the thinking switch and the config wins.
 * Keys are defined, never assigned, so a `__proto__` key in the config stays a plain field.
 */
export function mergeExtraBody<T extends Record<string, unknown>>(
  body: T,
  extraBody: Readonly<Record<string, unknown>> | undefined,
): T {
  if (extraBody === undefined) return body;
  return mergeInto(body, extraBody) as T;
}

function mergeInto(base: Readonly<Record<string, unknown>>, extra: Readonly<Record<string, unknown>>) {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) define(result, key, value);
  for (const [key, value] of Object.entries(extra)) {
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    define(result, key, isMapping(current) && isMapping(value) ? mergeInto(current, value) : value);
  }
  return result;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
