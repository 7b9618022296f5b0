import type { JsonSchema } from "@sluice/core";
import { DEMO_BOUNDS } from "./demo-bounds";
import { COMMAND_PROPERTY, FILE_PROPERTY, FOLDER_PROPERTY, propertyKey } from "./property-names";
import { resolveInside } from "./resolve-inside";
import { schemaCount } from "./schema-count";

/** What the demo knows about the request, for values that depend on it. */
export interface DemoValueHints {
  /** Absolute; paths the demo writes stay inside it. Unknown: paths are relative. */
  readonly workingDirectory?: string | undefined;
  /** The file a reading call reads (one the user named, inside the working directory). */
  readonly filePath?: string | undefined;
  /** A harmless shell command for `command` properties. */
  readonly command?: string | undefined;
  /** What the call does, in words, for its prose properties (Bash's `description`, which Claude Code shows). */
  readonly purpose?: string | undefined;
  /** The place the request names, for `city`- and `location`-like properties. */
  readonly place?: string | undefined;
  /** What a file lister or searcher looks for (`*`, a word the user asked about), for `pattern`-like properties. */
  readonly pattern?: string | undefined;
}

/** A file of the demo's own, so a forced Edit or Write never touches one of the user's. */
const DEMO_FILE = "sluice-demo.txt";

/** Hints from a property's name, first match wins: short values a model would write. */
const NAME_HINTS: ReadonlyArray<readonly [RegExp, (hints: DemoValueHints) => string]> = [
  [COMMAND_PROPERTY, (hints) => hints.command ?? "echo 'Hello from the Sluice demo model'"],
  [/old_?string/, () => "Hello"],
  [/new_?string/, () => "Hello, world"],
  [FILE_PROPERTY, (hints) => hints.filePath ?? demoFile(hints)],
  [/^path$/, (hints) => hints.filePath ?? hints.workingDirectory ?? "."],
  [FOLDER_PROPERTY, (hints) => hints.workingDirectory ?? "."],
  [/url|uri|link/, () => "https://example.com"],
  [/^(?:city|location|place|town)(?:_?name)?$/, (hints) => hints.place ?? "Paris"],
  [/email/, () => "demo@example.com"],
  [/query|search|question|^prompt$/, () => "Sluice demo"],
  [/active_?form/, () => "Trying the Sluice demo"],
  [
    /description|summary|title|reason|message|comment|note/,
    (hints) => hints.purpose ?? "Demo call from the Sluice demo model",
  ],
  [/lang/, () => "en"],
  [/date/, () => "2025-01-01"],
  [/(^|_)id$|uuid/, () => "demo-1"],
  [/name/, () => "demo"],
];

const FORMATS: ReadonlyMap<string, string> = new Map([
  ["uri", "https://example.com"],
  ["url", "https://example.com"],
  ["email", "demo@example.com"],
  ["date", "2025-01-01"],
  ["date-time", "2025-01-01T00:00:00Z"],
  ["time", "12:00:00"],
  ["uuid", "00000000-0000-4000-8000-000000000000"],
  ["hostname", "example.com"],
  ["ipv4", "127.0.0.1"],
  ["ipv6", "::1"],
]);

/**
 * A short plausible string for property `name`: Bash `command` → an `echo`, `file_path` → a file inside the
 * working directory. `index` > 0 (later array items) adds a suffix so `uniqueItems` holds; `topLevel`
 * content gets two lines.
 */
export function demoStringValue(
  name: string,
  schema: JsonSchema,
  index: number,
  topLevel: boolean,
  hints: DemoValueHints = {},
): string {
  const key = propertyKey(name);
  // The first words say whether a pattern is a glob; a long description need not be lowered whole.
  const description =
    typeof schema.description === "string" ? schema.description.slice(0, 200).toLowerCase() : "";
  let value =
    (typeof schema.format === "string" ? FORMATS.get(schema.format) : undefined) ??
    (hints.pattern !== undefined && /pattern|glob|regex|query/.test(key) ? hints.pattern : undefined) ??
    patternValue(key, description) ??
    contentValue(key, topLevel) ??
    NAME_HINTS.find(([pattern]) => pattern.test(key))?.[1](hints) ??
    "demo";
  if (index > 0) value = `${value} ${index + 1}`;
  return fitLength(value, schema);
}

function demoFile(hints: DemoValueHints): string {
  const inside =
    hints.workingDirectory === undefined ? undefined : resolveInside(hints.workingDirectory, DEMO_FILE);
  return inside ?? DEMO_FILE;
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
