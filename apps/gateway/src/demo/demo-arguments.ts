import type { JsonSchema } from "@sluice/core";
import type { Random } from "./create-random";
import { demoStringValue } from "./demo-string-value";

/** Tool schemas are shallow; this only stops a `$ref` cycle (past it, arrays and objects come out empty). */
const MAX_DEPTH = 12;

interface Context {
  readonly root: JsonSchema;
  readonly random: Random;
}

/**
 * Arguments that FIT the tool's input schema: every required property (and, by chance, some optional
 * strings) gets a value of the right type. A Map, since property names are wire data (`__proto__`).
 */
export function demoArguments(schema: JsonSchema, random: Random): Map<string, unknown> {
  const context: Context = { root: schema, random };
  return objectEntries(resolve(schema, context), context, 0);
}

function objectEntries(schema: JsonSchema, context: Context, depth: number): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  const properties = asSchema(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter(isString) : []);
  for (const [name, raw] of Object.entries(properties)) {
    const property = resolve(asSchema(raw), context);
    const include =
      required.has(name) ||
      // Optional numbers and flags stay out: a demo Bash call with `timeout: 3` would only fail.
      (depth === 0 && typeOf(property) === "string" && context.random.chance(0.5));
    if (include) entries.set(name, valueFor(name, property, context, depth, 0));
  }
  for (const name of required) {
    if (!entries.has(name)) entries.set(name, "demo");
  }
  return entries;
}

function valueFor(name: string, schema: JsonSchema, context: Context, depth: number, index: number): unknown {
  switch (typeOf(schema)) {
    case "enum":
      return (schema.enum as unknown[])[0];
    case "const":
      return schema.const;
    case "integer":
      return numberValue(schema, context.random, true);
    case "number":
      return numberValue(schema, context.random, false);
    case "boolean":
      return false;
    case "null":
      return null;
    case "array":
      return arrayValue(name, schema, context, depth);
    case "object":
      return depth >= MAX_DEPTH ? {} : plainObject(objectEntries(schema, context, depth + 1));
    default:
      return demoStringValue(name, schema, index, depth === 0);
  }
}

function arrayValue(name: string, schema: JsonSchema, context: Context, depth: number): unknown[] {
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Number.POSITIVE_INFINITY;
  const items = schema.items;
  if (depth >= MAX_DEPTH) return [];
  if (typeof items !== "object" || items === null || Array.isArray(items)) {
    // Items of any type: strings will do.
    return Array.from({ length: minItems }, (_, index) => `${name} ${index + 1}`);
  }
  // One item shows the structure (a TodoWrite list with one todo); more only when minItems asks.
  const count = Math.min(Math.max(minItems, 1), maxItems);
  const itemSchema = resolve(items as JsonSchema, context);
  const itemName = name.endsWith("s") ? name.slice(0, -1) : name;
  return Array.from({ length: count }, (_, index) =>
    valueFor(itemName, itemSchema, context, depth + 1, index),
  );
}

/** Small numbers inside [minimum, maximum] (draft-4 boolean and draft-6 numeric exclusive bounds). */
function numberValue(schema: JsonSchema, random: Random, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
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
  if (high < low) return low;
  return low + random.int(0, Math.min(Math.floor(high - low), 9));
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
  // `type: [t, "null"]` means t (DESIGN §4 reads schemas the same way).
  const declared = Array.isArray(type) ? (type.find((entry) => entry !== "null") ?? type[0]) : type;
  if (typeof declared === "string" && isSchemaType(declared)) return declared;
  if (typeof schema.properties === "object") return "object";
  if (typeof schema.items === "object") return "array";
  return "string";
}

function isSchemaType(type: string): type is SchemaType {
  return ["string", "integer", "number", "boolean", "null", "array", "object"].includes(type);
}

/** Follows local `$ref`s, takes the first non-null `anyOf`/`oneOf` branch, merges `allOf` objects. */
function resolve(schema: JsonSchema, context: Context, hops = 0): JsonSchema {
  if (hops > MAX_DEPTH) return schema;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#")) {
    return resolve(pointer(context.root, schema.$ref), context, hops + 1);
  }
  const branches = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined;
  if (branches !== undefined) {
    const branch = branches.map(asSchema).find((option) => option.type !== "null") ?? asSchema(branches[0]);
    return resolve(branch, context, hops + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => resolve(asSchema(part), context, hops + 1));
    const properties = new Map<string, unknown>();
    for (const part of parts)
      for (const entry of Object.entries(asSchema(part.properties))) properties.set(...entry);
    return {
      type: "object",
      properties: plainObject(properties),
      required: parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])),
    };
  }
  return schema;
}

function pointer(root: JsonSchema, reference: string): JsonSchema {
  let current: unknown = root;
  for (const segment of reference.slice(1).split("/").filter(Boolean)) {
    const key = decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
    current = Object.hasOwn(asSchema(current), key) ? asSchema(current)[key] : undefined;
  }
  return asSchema(current);
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function asSchema(value: unknown): JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonSchema) : {};
}

/** A plain object from wire-named entries without going through `__proto__`'s setter. */
function plainObject(entries: Map<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
