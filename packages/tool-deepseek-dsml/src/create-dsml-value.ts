import { createParameterValue, type ParameterValue, type ValueOutput } from "@sluice/tool-kit";
import { JsonValueBuffer } from "./json-value-buffer";

export interface DsmlValueOptions {
  readonly name: string;
  /** The parameter's schema in the tool's input schema; undefined: not named there. */
  readonly schema: unknown;
  /** How many parameters the call already has (from the second on, `, ` goes first). */
  readonly index: number;
  /** The tag's `string` attribute: `"true"`, `"false"`, or undefined when absent or unknown. */
  readonly string: string | undefined;
}

/**
 * The writer for one DSML parameter (docs/dialects.md §3): `string="false"` is JSON, held and parsed at the
 * close (JsonValueBuffer); otherwise tool-kit's writer, typed by the schema as in qwen_xml, so a string value
 * (`string="true"`, or no schema) streams live. Newlines are `exact`: the template writes
 * `<｜DSML｜parameter …>V</｜DSML｜parameter>` with nothing around V (research §4.2).
 */
export function createDsmlValue(output: ValueOutput, options: DsmlValueOptions): ParameterValue {
  if (options.string === "false") {
    const prefix = `${options.index > 0 ? ", " : ""}${JSON.stringify(options.name)}: `;
    return new JsonValueBuffer(output, prefix, options.name, options.schema);
  }
  return createParameterValue(output, {
    name: options.name,
    schema: options.schema,
    index: options.index,
    dialect: "deepseek_dsml",
    newlines: "exact",
  });
}
