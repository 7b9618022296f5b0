import type { JsonSchema } from "@sluice/core";
import { DEMO_BOUNDS } from "./demo-bounds";
import { schemaCount } from "./schema-count";

/** Hints from a property's name (and its description), first match wins: short values a model would write. */
const NAME_HINTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/command|^cmd$|script/, "ls -la"],
  [/old_?string/, "Hello"],
  [/new_?string/, "Hello, world"],
  [/file_?path|file_?name|notebook_?path|^file$/, "/tmp/demo.txt"],
  [/^path$|dir|folder|^cwd$/, "/tmp"],
  [/url|uri|link/, "https://example.com"],
  [/email/, "demo@example.com"],
  [/query|search|question|^prompt$/, "Sluice demo"],
  [/active_?form/, "Trying the Sluice demo"],
  [/description|summary|title|reason|message|comment|note/, "Demo call from the Sluice demo model"],
  [/lang/, "en"],
  [/date/, "2025-01-01"],
  [/(^|_)id$|uuid/, "demo-1"],
  [/name/, "demo"],
];

const FORMATS: ReadonlyMap<string, string> = new Map([
  ["uri", "https://example.com"],
  ["url", "https://example.com"],
  ["email", "demo@example.com"],
  ["date", "2025-01-01"],
  ["date-time", "2025-01-01T00:00:00Z"],
  ["time", "12:00:00"],
  ["uuid", "00000000-0000-4000-8000-000000000000"],
]);

/**
 * A short plausible string for property `name`: Bash `command` → `ls -la`, `file_path` → `/tmp/demo.txt`.
 * `index` > 0 (later array items) adds a suffix so `uniqueItems` holds; `topLevel` content gets two lines.
 */
export function demoStringValue(name: string, schema: JsonSchema, index: number, topLevel: boolean): string {
  const key = name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  const description = typeof schema.description === "string" ? schema.description.toLowerCase() : "";
  let value =
    (typeof schema.format === "string" ? FORMATS.get(schema.format) : undefined) ??
    patternValue(key, description) ??
    contentValue(key, topLevel) ??
    NAME_HINTS.find(([pattern]) => pattern.test(key))?.[1] ??
    "demo";
  if (index > 0) value = `${value} ${index + 1}`;
  return fitLength(value, schema);
}

function patternValue(key: string, description: string): string | undefined {
  if (!/pattern|glob|regex/.test(key)) return undefined;
  return description.includes("glob") || key.includes("glob") ? "**/*.txt" : "demo";
}

function contentValue(key: string, topLevel: boolean): string | undefined {
  if (!/content|^text$|^body$/.test(key)) return undefined;
  // A file body spans lines; the trailing newline must survive qwen_xml's one-newline strip.
  return topLevel
    ? "Hello from the Sluice demo model.\nThis line was written by a demo tool call.\n"
    : "Try the Sluice demo";
}

/** Padded to minLength and cut to maxLength, both clamped to maxStringLength: a schema cannot ask for a megabyte. */
function fitLength(value: string, schema: JsonSchema): string {
  const minLength = Math.min(schemaCount(schema.minLength, 0), DEMO_BOUNDS.maxStringLength);
  const maxLength = Math.min(
    schemaCount(schema.maxLength, Number.POSITIVE_INFINITY),
    DEMO_BOUNDS.maxStringLength,
  );
  return value.padEnd(minLength, "x").slice(0, maxLength);
}
