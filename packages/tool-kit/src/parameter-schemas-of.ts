import type { ToolSchemas } from "@sluice/core";
import { isPlainObject } from "@sluice/tool-concat-repair";

/**
 * The parameters' schemas of tool `name` in the request: name → schema. Undefined when the request
 * offers no such tool or its schema names no properties: then every parameter name is accepted and
 * every value keeps its raw string (docs/dialects.md §2).
 */
export function parameterSchemasOf(
  tools: ToolSchemas,
  name: string,
): ReadonlyMap<string, unknown> | undefined {
  const properties = tools.get(name)?.properties;
  return isPlainObject(properties) ? new Map<string, unknown>(Object.entries(properties)) : undefined;
}
