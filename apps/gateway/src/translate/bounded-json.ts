/**
 * `JSON.stringify` that writes `"…"` for anything nested deeper than `maxDepth`: V8's stringify recurses,
 * so a client's 100k-deep schema would otherwise overflow the stack.
 */
export function boundedJson(value: unknown, maxDepth: number): string {
  const depths = new WeakMap<object, number>();
  const text = JSON.stringify(value, function (this: unknown, _key: string, child: unknown) {
    if (typeof child !== "object" || child === null) return child;
    const parentDepth = typeof this === "object" && this !== null ? (depths.get(this) ?? 0) : 0;
    if (parentDepth >= maxDepth) return "…";
    depths.set(child, parentDepth + 1);
    return child;
  });
  return text ?? "";
}
