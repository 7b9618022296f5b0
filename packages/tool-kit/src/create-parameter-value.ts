import type { ParameterValue, ValueNewlines, ValueOutput } from "./parameter-value";
import { resolveParameterType } from "./resolve-parameter-type";
import { StringValueStream } from "./string-value-stream";
import { TypedValueBuffer } from "./typed-value-buffer";

export interface ParameterValueOptions {
  /** The parameter's name, written as the JSON key. */
  readonly name: string;
  /** Its schema in the tool's input schema; undefined: not named there (kept as a string). */
  readonly schema: unknown;
  /** How many parameters this call already has: from the second on, `, ` goes first. */
  readonly index: number;
  /** The dialect id warning codes start with. */
  readonly dialect: string;
  readonly newlines?: ValueNewlines;
}

/**
 * The writer for one parameter of a call whose arguments object the dialect builds itself: a string-typed
 * value streams live as it arrives (`"P": "…`), any other is held and typed by its schema at the close.
 * Every writer emits `"P": <json>` after the `{` the dialect wrote, so the arguments are always a valid
 * JSON prefix that the dialect closes with `}` (docs/dialects.md §2, Streaming).
 */
export function createParameterValue(output: ValueOutput, options: ParameterValueOptions): ParameterValue {
  const { type, nullable } = resolveParameterType(options.schema);
  const prefix = `${options.index > 0 ? ", " : ""}${JSON.stringify(options.name)}: `;
  const newlines = options.newlines ?? "one-newline";
  return type === "string"
    ? new StringValueStream(output, prefix, nullable, newlines)
    : new TypedValueBuffer(output, prefix, options.name, options.schema, options.dialect, newlines);
}
