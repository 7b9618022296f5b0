import { isPlainObject } from "@sluice/tool-concat-repair";
import {
  HeldParameterValue,
  parseJsonValue,
  resolveParameterType,
  typeParameterValue,
  type ValueOutput,
} from "@sluice/tool-kit";

/**
 * A `string="false"` value (research §4.2: the V3.2/V4 templates write such values as JSON): held whole and
 * parsed at the close. JSON that fits the tool's schema — or any JSON when the schema does not constrain the
 * parameter's type (d099: `42`, `true` with no tools) — is emitted as written, so a long number keeps every
 * digit. Otherwise the schema decides as in qwen_xml (docs/dialects.md §2, Types), on the decoded text of a
 * JSON string (`"7"` → 7 for an integer) or the raw text: `"42"` for a string parameter, a Python literal
 * repaired for an object one; text that is not JSON stays the raw string, as vLLM's deepseek_v4 parser keeps
 * it, with a warning.
 */
export class JsonValueBuffer extends HeldParameterValue {
  constructor(
    output: ValueOutput,
    private readonly prefix: string,
    private readonly name: string,
    private readonly schema: unknown,
  ) {
    // The template hugs the value with its tags: every character is the value's (research §4.2).
    super(output, "exact");
  }

  protected settle(raw: string): void {
    const text = raw.trim();
    // Too deep for anything that walks it afterwards (docs/dialects.md §2, Repair): not JSON here.
    const parsed = parseJsonValue(text);
    if (parsed.ok && (!constrainsType(this.schema) || fitsSchema(parsed.value, this.schema))) {
      this.output.delta(this.prefix + text);
    } else {
      // A JSON string is the text the schema types (`"7"` for an integer is 7); anything else is typed raw.
      const decoded = parsed.ok && typeof parsed.value === "string" ? parsed.value : raw;
      const typed = typeParameterValue(decoded, this.schema);
      this.output.delta(this.prefix + typed.json);
      if (typed.note === "repaired") {
        this.warn("value_repaired", "decoded from a JSON string or a Python literal", raw);
      } else if (typed.note === "kept-as-string") {
        this.warn("value_kept_as_string", "the text does not fit its schema's type; kept as a string", raw);
      } else if (!parsed.ok && typed.json.startsWith('"')) {
        this.warn("value_not_json", 'string="false" but the text is not JSON; kept as a string', raw);
      }
    }
  }

  private warn(code: string, message: string, raw: string): void {
    this.output.warning(`deepseek_dsml.${code}`, `parameter ${JSON.stringify(this.name)}: ${message}`, raw);
  }
}

/** Whether the schema says anything about the value's type (a bare `{description}` does not). */
function constrainsType(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  return "type" in schema || "anyOf" in schema || "oneOf" in schema || "enum" in schema;
}

function fitsSchema(value: unknown, schema: unknown): boolean {
  const { type, nullable } = resolveParameterType(schema);
  if (value === null) return nullable;
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
  }
}
