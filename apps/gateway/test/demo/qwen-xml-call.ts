import type { JsonSchema } from "@sluice/core";

export interface ParsedCall {
  readonly name: string;
  /** Raw parameter text, as the model wrote it. */
  readonly parameters: Map<string, string>;
}

/** A strict reader of the canonical qwen_xml layout (docs/dialects.md §2), for checking the demo's output only. */
export function parseQwenXmlCalls(content: string): ParsedCall[] {
  const calls: ParsedCall[] = [];
  for (const call of content.matchAll(
    /<tool_call>\n<function=([^>\n]+)>\n([\s\S]*?)<\/function>\n<\/tool_call>/g,
  )) {
    const body = call[2] ?? "";
    const parameters = new Map<string, string>();
    let rest = body;
    for (const parameter of body.matchAll(/<parameter=([^>\n]+)>\n([\s\S]*?)\n<\/parameter>\n/g)) {
      parameters.set(parameter[1] ?? "", parameter[2] ?? "");
      rest = rest.replace(parameter[0], "");
    }
    if (rest !== "") throw new Error(`unparsed text inside the call: ${JSON.stringify(rest)}`);
    calls.push({ name: call[1] ?? "", parameters });
  }
  return calls;
}

/** docs/dialects.md §2's typing of raw values by the tool schema. */
export function typedValue(raw: string, schema: JsonSchema | undefined): unknown {
  const branches = (schema?.anyOf ?? schema?.oneOf) as JsonSchema[] | undefined;
  if (branches !== undefined) {
    // anyOf/oneOf: the first non-null branch decides; a nullable one turns "null" into null.
    if (raw === "null" && branches.some((branch) => branch.type === "null")) return null;
    return typedValue(
      raw,
      branches.find((branch) => branch.type !== "null"),
    );
  }
  const type = Array.isArray(schema?.type) ? schema.type.find((entry) => entry !== "null") : schema?.type;
  if (Array.isArray(schema?.enum) && schema.enum.every((value) => typeof value === "string")) return raw;
  if (type === "integer" || type === "number") return Number(raw);
  if (type === "boolean") return raw.toLowerCase() === "true";
  if (type === "object" || type === "array" || (type === undefined && Array.isArray(schema?.enum))) {
    return JSON.parse(raw);
  }
  if (type === "null") return raw === "null" ? null : raw;
  return raw;
}

/** The call's arguments as a plain object typed by the schema (built without `__proto__`'s setter). */
export function typedArguments(call: ParsedCall, schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const result: Record<string, unknown> = {};
  for (const [name, raw] of call.parameters) {
    const value = typedValue(raw, Object.hasOwn(properties, name) ? properties[name] : undefined);
    Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
