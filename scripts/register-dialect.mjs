// The two edits that register a scaffolded dialect with the gateway, as text in and text out so a test can
// pin them: the import and the DIALECTS line in apps/gateway/src/config/dialect-registry.ts, and the
// workspace dependency in apps/gateway/package.json. Both come out as biome writes them (imports sorted,
// dependencies sorted), so `biome check .` passes with no hand edit after `node scripts/scaffold.mjs`.

// Biome's order for import sources: code points, with runs of digits compared as numbers.
const naturalOrder = (a, b) => {
  const pieces = (text) => text.match(/\d+|\D+/g) ?? [];
  const left = pieces(a);
  const right = pieces(b);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const [x, y] = [left[index], right[index]];
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y) && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
};

const importSource = (line) => /from "([^"]+)";$/.exec(line)?.[1];

/**
 * `registry` (the text of dialect-registry.ts) with `factory` imported from `packageName` and called in
 * DIALECTS: after the last dialect of its kind (reasoning dialects come first, then tool dialects, the order
 * the docs' tables keep). A registry that has the import already comes back unchanged.
 */
export function withDialectRegistered(registry, { packageName, factory, kind }) {
  const suffix = kind === "tool" ? "ToolDialect" : "ReasoningDialect";
  if (!factory.endsWith(suffix)) throw new Error(`${factory} is not a ${kind} dialect factory's name`);
  const lines = registry.split("\n");
  if (lines.some((line) => importSource(line) === packageName)) return registry;

  const importLine = `import { ${factory} } from "${packageName}";`;
  const imports = lines.flatMap((line, index) => (importSource(line) === undefined ? [] : [index]));
  if (imports.length === 0) throw new Error("dialect-registry.ts: no imports found");
  const before = imports.find((index) => naturalOrder(importSource(lines[index]), packageName) > 0);
  lines.splice(before ?? imports.at(-1) + 1, 0, importLine);

  const open = lines.findIndex((line) => line.startsWith("export const DIALECTS"));
  const close = lines.findIndex((line, index) => index > open && line === "];");
  if (open < 0 || close < 0) throw new Error("dialect-registry.ts: no DIALECTS list found");
  let at = close;
  if (kind === "reasoning") {
    // Before the first tool dialect, or at the end of a list with none.
    const firstTool = lines.findIndex(
      (line, index) => index > open && index < close && line.trim().endsWith("ToolDialect(),"),
    );
    if (firstTool >= 0) at = firstTool;
  }
  lines.splice(at, 0, `  ${factory}(),`);
  return lines.join("\n");
}

/** `packageJson` (the gateway's package.json) with `packageName` as a workspace dependency, sorted by name. */
export function withGatewayDependency(packageJson, packageName) {
  const gateway = JSON.parse(packageJson);
  gateway.dependencies = Object.fromEntries(
    Object.entries({ ...gateway.dependencies, [packageName]: "workspace:*" }).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    ),
  );
  return `${JSON.stringify(gateway, null, 2)}\n`;
}
