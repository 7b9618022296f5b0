import type { JsonSchema } from "@sluice/core";
import type { Random } from "./create-random";
import { DEMO_BOUNDS } from "./demo-bounds";
import { type DemoValueHints, demoStringValue } from "./demo-string-value";
import { firstKeys } from "./first-keys";
import { isProseProperty } from "./property-names";
import { schemaCount } from "./schema-count";

export interface DemoArguments {
  /** Property → value, in the order a model writes them. A Map: property names are wire data (`__proto__`). */
  readonly values: Map<string, unknown>;
  /** False when a bound (DEMO_BOUNDS) or a keyword the demo cannot meet (`pattern`) kept a value from fitting. */
  readonly fitsSchema: boolean;
}

interface Context {
  readonly root: JsonSchema;
  readonly random: Random;
  readonly hints: DemoValueHints;
  /** Schema nodes this call may still look at. */
  visits: number;
  /** Values this call may still write. */
  values: number;
  fits: boolean;
  /** `allOf` merges, once per node: `$ref`s can reach the same node many times. */
  readonly merged: WeakMap<object, JsonSchema>;
  /** Whether an `enum` option or `const` is small enough to write, once per value. */
  readonly small: WeakMap<object, boolean>;
}

/** Keywords an `allOf` merge carries over from its parts (later parts win). */
const MERGED_KEYWORDS = [
  "type",
  "enum",
  "const",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "format",
  "pattern",
  "description",
  "additionalProperties",
  "minProperties",
  "maxProperties",
] as const;

/**
 * Arguments that FIT the tool's input schema within DEMO_BOUNDS: every required property (and, by
 * chance, an optional prose string such as a description) gets a value of the right type; sizes the
 * schema asks for are clamped.
 */
export function demoArguments(schema: JsonSchema, random: Random, hints: DemoValueHints = {}): DemoArguments {
  const context: Context = {
    root: schema,
    random,
    hints,
    visits: DEMO_BOUNDS.maxSchemaVisits,
    values: DEMO_BOUNDS.maxValues,
    fits: true,
    merged: new WeakMap(),
    small: new WeakMap(),
  };
  const values = objectEntries(resolve(schema, context, 0), context, 0);
  return { values, fitsSchema: context.fits };
}

function objectEntries(schema: JsonSchema, context: Context, depth: number): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  const properties = asSchema(schema.properties);
  const maxProperties = schemaCount(schema.maxProperties, Number.POSITIVE_INFINITY);
  const minProperties = schemaCount(schema.minProperties, 0);
  const room = (limit: number): boolean =>
    entries.size < Math.min(limit, DEMO_BOUNDS.maxObjectProperties) && context.values > 0;

  for (const name of requiredNames(schema, context)) {
    // A top-level required property is written even past the value budget (then as a short value): a call
    // without it cannot work, whatever the other arguments hold.
    const budget = depth === 0 || context.values > 0;
    if (entries.size >= DEMO_BOUNDS.maxObjectProperties || !budget) {
      context.fits = false;
      break;
    }
    const declared = Object.hasOwn(properties, name);
    if (!declared && schema.additionalProperties === false) context.fits = false;
    const property = declared ? resolve(asSchema(properties[name]), context, 0) : {};
    entries.set(name, valueFor(name, property, context, depth, 0));
  }
  if (depth === 0 || entries.size < minProperties) {
    for (const name of firstKeys(properties)) {
      if (!room(maxProperties)) break;
      if (entries.has(name) || !isWritableName(name)) continue;
      const property = resolve(asSchema(properties[name]), context, 0);
      const include =
        entries.size < minProperties ||
        // Only optional prose (Bash's `description`): a made-up number, flag, path or code would only make
        // the call fail (Bash's `timeout: 3`, Read's `pages: "demo"`, Glob's `path`).
        (depth === 0 && typeOf(property) === "string" && isProseProperty(name) && context.random.chance(0.5));
      if (include) entries.set(name, valueFor(name, property, context, depth, 0));
    }
  }
  for (let extra = 1; entries.size < minProperties && schema.additionalProperties !== false; extra++) {
    if (!room(maxProperties)) break;
    const name = `extra_${extra}`;
    if (Object.hasOwn(properties, name) || entries.has(name)) continue;
    entries.set(name, valueFor(name, asSchema(schema.additionalProperties), context, depth, 0));
  }
  if (entries.size < minProperties || entries.size > maxProperties) context.fits = false;
  return entries;
}

function valueFor(name: string, schema: JsonSchema, context: Context, depth: number, index: number): unknown {
  context.values -= 1;
  switch (typeOf(schema)) {
    case "enum":
      return enumValue(schema.enum as unknown[], context, index);
    case "const":
      if (isSmall(schema.const, context)) return schema.const;
      context.fits = false;
      return "demo";
    case "integer":
      return numberValue(schema, context, true);
    case "number":
      return numberValue(schema, context, false);
    case "boolean":
      return false;
    case "null":
      return null;
    case "array":
      return arrayValue(name, schema, context, depth);
    case "object":
      if (depth < DEMO_BOUNDS.maxDepth) return plainObject(objectEntries(schema, context, depth + 1));
      if (requiredNames(schema, context).length > 0 || schemaCount(schema.minProperties, 0) > 0)
        context.fits = false;
      return {};
    default:
      return stringValue(name, schema, context, depth, index);
  }
}

function stringValue(
  name: string,
  schema: JsonSchema,
  context: Context,
  depth: number,
  index: number,
): string {
  const value = demoStringValue(name, schema, index, depth === 0, context.hints);
  const minLength = schemaCount(schema.minLength, 0);
  const maxLength = schemaCount(schema.maxLength, Number.POSITIVE_INFINITY);
  if (value.length < minLength || value.length > maxLength) context.fits = false;
  // A client's regex is never run (a pattern can take exponential time), so the value may not match it.
  if (typeof schema.pattern === "string") context.fits = false;
  return value;
}

function arrayValue(name: string, schema: JsonSchema, context: Context, depth: number): unknown[] {
  const minItems = schemaCount(schema.minItems, 0);
  const maxItems = schemaCount(schema.maxItems, Number.POSITIVE_INFINITY);
  const typed = isSchema(schema.items);
  // Tuple items are not modelled: strings stand in for them.
  if (Array.isArray(schema.items) || Array.isArray(schema.prefixItems)) context.fits = false;
  // One item shows the structure (a TodoWrite list with one todo); more only when minItems asks.
  const wanted = typed ? Math.max(minItems, 1) : minItems;
  const length =
    depth >= DEMO_BOUNDS.maxDepth
      ? 0
      : Math.min(wanted, maxItems, DEMO_BOUNDS.maxArrayItems, Math.max(context.values, 0));
  if (length < minItems || length > maxItems) context.fits = false;
  if (length === 0) return [];
  const itemSchema = typed ? resolve(schema.items as JsonSchema, context, 0) : {};
  const itemName = name.endsWith("s") ? name.slice(0, -1) : name;
  return Array.from({ length }, (_, index) => valueFor(itemName, itemSchema, context, depth + 1, index));
}

/** The first option small enough to write; later items of an array take later options, for `uniqueItems`. */
function enumValue(options: readonly unknown[], context: Context, index: number): unknown {
  const writable: unknown[] = [];
  for (let at = 0; at < options.length && at < DEMO_BOUNDS.maxScannedEntries; at++) {
    if (isSmall(options[at], context)) writable.push(options[at]);
  }
  if (writable.length > 0) return writable[index % writable.length];
  context.fits = false;
  return "demo";
}

/** Small numbers inside [minimum, maximum] (draft-4 boolean and draft-6 numeric exclusive bounds). */
function numberValue(schema: JsonSchema, context: Context, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  let high = typeof maximum === "number" ? maximum : undefined;
  if (typeof exclusiveMaximum === "number")
    high = Math.min(high ?? Number.POSITIVE_INFINITY, exclusiveMaximum - step);
  else if (exclusiveMaximum === true && high !== undefined) high -= step;
  let low = typeof minimum === "number" ? minimum : undefined;
  if (typeof exclusiveMinimum === "number")
    low = Math.max(low ?? Number.NEGATIVE_INFINITY, exclusiveMinimum + step);
  else if (exclusiveMinimum === true && low !== undefined) low += step;
  low ??= Math.min(1, high ?? 1);
  high ??= low + 9;
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  let value = high < low ? low : low + context.random.int(0, Math.min(Math.floor(high - low), 9));
  if (typeof multipleOf === "number" && multipleOf > 0) value = Math.ceil(low / multipleOf) * multipleOf;
  if (!(value >= low && value <= high) || (integer && !Number.isInteger(value))) context.fits = false;
  return value;
}

type SchemaType =
  | "enum"
  | "const"
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "null"
  | "array"
  | "object";

function typeOf(schema: JsonSchema): SchemaType {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return "enum";
  if ("const" in schema) return "const";
  const { type } = schema;
  // `type: [t, "null"]` means t (docs/dialects.md §2 reads schemas the same way).
  const declared = Array.isArray(type)
    ? (() => {
        const scanned = type.slice(0, DEMO_BOUNDS.maxScannedEntries);
        return scanned.find((entry) => entry !== "null") ?? scanned[0];
      })()
    : type;
  if (typeof declared === "string" && isSchemaType(declared)) return declared;
  if (typeof schema.properties === "object") return "object";
  if (typeof schema.items === "object") return "array";
  return "string";
}

function isSchemaType(type: string): type is SchemaType {
  return ["string", "integer", "number", "boolean", "null", "array", "object"].includes(type);
}

/**
 * Follows local `$ref`s, takes the first non-null `anyOf`/`oneOf` branch, merges `allOf`; a loop, and a
 * hop limit shared with nested `allOf`s, so neither a cycle nor a deep chain recurses far.
 */
function resolve(schema: JsonSchema, context: Context, hops: number): JsonSchema {
  let current = schema;
  for (let hop = hops; ; hop++) {
    if (hop > DEMO_BOUNDS.maxRefHops || context.visits <= 0) {
      context.fits = false;
      return {};
    }
    context.visits -= 1;
    if (typeof current.$ref === "string") {
      const target = pointer(context.root, current.$ref);
      if (target === undefined) {
        context.fits = false;
        return {};
      }
      current = target;
      continue;
    }
    const branches = Array.isArray(current.anyOf)
      ? current.anyOf
      : Array.isArray(current.oneOf)
        ? current.oneOf
        : undefined;
    if (branches !== undefined) {
      const scanned = branches.slice(0, DEMO_BOUNDS.maxScannedEntries).map(asSchema);
      current = scanned.find((option) => option.type !== "null") ?? scanned[0] ?? {};
      continue;
    }
    if (Array.isArray(current.allOf)) return mergeAllOf(current, context, hop);
    return current;
  }
}

/** One schema from the node's own keywords and its `allOf` parts, properties and `required` unioned. */
function mergeAllOf(schema: JsonSchema, context: Context, hop: number): JsonSchema {
  const known = context.merged.get(schema);
  if (known !== undefined) return known;
  const allOf = schema.allOf as unknown[];
  if (allOf.length > DEMO_BOUNDS.maxScannedEntries) context.fits = false;
  const parts = [
    schema,
    ...allOf.slice(0, DEMO_BOUNDS.maxScannedEntries).map((part) => resolve(asSchema(part), context, hop + 1)),
  ];
  const merged: Record<string, unknown> = {};
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  for (const part of parts) {
    for (const keyword of MERGED_KEYWORDS) if (Object.hasOwn(part, keyword)) merged[keyword] = part[keyword];
    const partProperties = asSchema(part.properties);
    for (const name of firstKeys(partProperties)) properties.set(name, partProperties[name]);
    for (const name of requiredNames(part, context)) {
      required.add(name);
      if (Object.hasOwn(partProperties, name)) properties.set(name, partProperties[name]);
    }
  }
  const result: JsonSchema = { ...merged, properties: plainObject(properties), required: [...required] };
  context.merged.set(schema, result);
  return result;
}

/** The target of a local `$ref` (`#`, `#/$defs/x`); undefined for a remote, overlong or dangling one. */
function pointer(root: JsonSchema, reference: string): JsonSchema | undefined {
  if (!reference.startsWith("#") || reference.length > DEMO_BOUNDS.maxRefLength) return undefined;
  let current: unknown = root;
  for (const segment of reference.slice(1).split("/").filter(Boolean)) {
    let key: string;
    try {
      key = decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    const node = asSchema(current);
    if (!Object.hasOwn(node, key)) return undefined;
    current = node[key];
  }
  return isSchema(current) ? current : undefined;
}

/** The writable names in `required`, at most maxObjectProperties of them (more cannot fit). */
function requiredNames(schema: JsonSchema, context: Context): string[] {
  const { required } = schema;
  if (!Array.isArray(required)) return [];
  const scanned = required.slice(0, DEMO_BOUNDS.maxScannedEntries);
  if (required.length > scanned.length) context.fits = false;
  const names = new Set<string>();
  for (const name of scanned) {
    if (typeof name !== "string" || names.has(name)) continue;
    if (isWritableName(name) && names.size < DEMO_BOUNDS.maxObjectProperties) names.add(name);
    else context.fits = false;
  }
  return [...names];
}

/** A name `<parameter=…>` can carry: not empty, short, and without the markup's own characters. */
function isWritableName(name: string): boolean {
  return name !== "" && name.length <= DEMO_BOUNDS.maxPropertyNameLength && !/[<>\n]/.test(name);
}

/** Whether an `enum` option or `const` is small enough to write: short strings, shallow small JSON. */
function isSmall(value: unknown, context: Context): boolean {
  if (typeof value === "string") return value.length <= DEMO_BOUNDS.maxStringLength;
  if (typeof value !== "object" || value === null) return true;
  const known = context.small.get(value);
  if (known !== undefined) return known;
  let small = true;
  let nodes = 0;
  const pending: Array<readonly [unknown, number]> = [[value, 0]];
  walk: while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    nodes += 1;
    if (nodes > DEMO_BOUNDS.maxValues || depth > DEMO_BOUNDS.maxDepth) {
      small = false;
      break;
    }
    if (typeof node === "string" && node.length > DEMO_BOUNDS.maxStringLength) {
      small = false;
      break;
    }
    if (typeof node !== "object" || node === null) continue;
    for (const key in node) {
      if (pending.length >= DEMO_BOUNDS.maxValues || key.length > DEMO_BOUNDS.maxStringLength) {
        small = false;
        break walk;
      }
      pending.push([(node as Record<string, unknown>)[key], depth + 1]);
    }
  }
  context.small.set(value, small);
  return small;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asSchema(value: unknown): JsonSchema {
  return isSchema(value) ? value : {};
}

/** A plain object from wire-named entries without going through `__proto__`'s setter. */
function plainObject(entries: Map<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
