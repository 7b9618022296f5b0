/** The JSON type a parameter value is converted to (docs/dialects.md §2, Types). */
export type ParameterType = "string" | "integer" | "number" | "boolean" | "object" | "array";

export interface ResolvedParameterType {
  readonly type: ParameterType;
  /** Some branch or type entry is `null`: `null`/`None` become JSON null (t020, t021, t042). */
  readonly nullable: boolean;
}

type SchemaType = ParameterType | "null";

// The peers' schema type names, JSON Schema's and Python's (t007 declares "float").
const TYPE_NAMES = new Map<string, SchemaType>([
  ["string", "string"],
  ["str", "string"],
  ["text", "string"],
  ["integer", "integer"],
  ["int", "integer"],
  ["number", "number"],
  ["float", "number"],
  ["double", "number"],
  ["boolean", "boolean"],
  ["bool", "boolean"],
  ["object", "object"],
  ["dict", "object"],
  ["array", "array"],
  ["list", "array"],
  ["null", "null"],
]);

// Schemas come from requests: a pathological nesting must not blow the stack.
const MAX_DEPTH = 32;

/**
 * The type of a parameter's schema: `type` (a name or `[t, "null"]`), else the first non-null branch of
 * `anyOf`/`oneOf`, resolved recursively (t044), else an `enum`'s values. No schema, no type or an
 * unknown type name is string-like, so the raw text is kept (docs/dialects.md §2).
 */
export function resolveParameterType(schema: unknown): ResolvedParameterType {
  const resolved = resolveSchema(schema, 0);
  return { type: resolved.type === "null" ? "string" : resolved.type, nullable: resolved.nullable };
}

function resolveSchema(schema: unknown, depth: number): { type: SchemaType; nullable: boolean } {
  if (!isSchemaObject(schema) || depth > MAX_DEPTH) return { type: "string", nullable: false };
  let type: SchemaType | undefined;
  let nullable = false;
  const declared = schema.type;
  for (const name of Array.isArray(declared) ? declared : [declared]) {
    if (typeof name !== "string") continue;
    const mapped = TYPE_NAMES.get(name.toLowerCase()) ?? "string";
    if (mapped === "null") nullable = true;
    else type ??= mapped;
  }
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const inner = resolveSchema(branch, depth + 1);
      if (inner.nullable) nullable = true;
      if (inner.type !== "null") type ??= inner.type;
    }
  }
  if (type === undefined && Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    if (values.length < schema.enum.length) nullable = true;
    type = enumType(values);
  }
  return { type: type ?? (nullable ? "null" : "string"), nullable };
}

function enumType(values: readonly unknown[]): SchemaType | undefined {
  if (values.length === 0) return undefined;
  if (values.every((value) => typeof value === "number")) {
    return values.every((value) => Number.isInteger(value)) ? "integer" : "number";
  }
  if (values.every((value) => typeof value === "boolean")) return "boolean";
  return "string";
}

function isSchemaObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
