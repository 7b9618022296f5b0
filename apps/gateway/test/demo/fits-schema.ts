import type { JsonSchema } from "@sluice/core";

/** Problems with `value` against `schema` (the subset of JSON Schema tool definitions use); [] when it fits. */
export function schemaProblems(
  value: unknown,
  schema: JsonSchema,
  root: JsonSchema = schema,
  path = "$",
): string[] {
  if (typeof schema.$ref === "string") {
    const target = schema.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
    return schemaProblems(value, target as JsonSchema, root, path);
  }
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches !== undefined) {
    return branches.some((branch) => schemaProblems(value, branch, root, path).length === 0)
      ? []
      : [`${path}: fits no branch`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => Object.is(option, value))) {
    return [`${path}: ${JSON.stringify(value)} is not in the enum`];
  }
  if ("const" in schema && !Object.is(schema.const, value)) return [`${path}: not the const`];
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length > 0 && !types.some((type) => hasType(value, type as string))) {
    return [`${path}: ${JSON.stringify(value)} is not ${types.join("|")}`];
  }
  const problems: string[] = [];
  if (typeof value === "string") {
    if (typeof schema.minLength === "number" && value.length < schema.minLength)
      problems.push(`${path}: too short`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength)
      problems.push(`${path}: too long`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) problems.push(`${path}: below minimum`);
    if (typeof schema.maximum === "number" && value > schema.maximum) problems.push(`${path}: above maximum`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) {
      problems.push(`${path}: not above exclusiveMinimum`);
    }
    if (typeof schema.exclusiveMaximum === "number" && value >= schema.exclusiveMaximum) {
      problems.push(`${path}: not below exclusiveMaximum`);
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === "number" && value.length < schema.minItems)
      problems.push(`${path}: too few items`);
    if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
      problems.push(`${path}: too many items`);
    if (typeof schema.items === "object" && schema.items !== null) {
      value.forEach((item, index) => {
        problems.push(...schemaProblems(item, schema.items as JsonSchema, root, `${path}[${index}]`));
      });
    }
  } else if (typeof value === "object" && value !== null) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of (schema.required ?? []) as string[]) {
      if (!Object.hasOwn(value, name)) problems.push(`${path}: missing required ${name}`);
    }
    for (const [name, item] of Object.entries(value)) {
      if (Object.hasOwn(properties, name)) {
        problems.push(...schemaProblems(item, properties[name] as JsonSchema, root, `${path}.${name}`));
      } else if (schema.additionalProperties === false) {
        problems.push(`${path}: unexpected property ${name}`);
      }
    }
  }
  return problems;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}
