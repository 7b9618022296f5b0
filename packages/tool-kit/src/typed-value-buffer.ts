import { HeldParameterValue } from "./held-parameter-value";
import type { ValueNewlines, ValueOutput } from "./parameter-value";
import { typeParameterValue } from "./value-typing";

/**
 * A non-string value (integer, boolean, object …): its type can only be applied to the whole text, so
 * the text is held (docs/architecture.md I7 allows one parameter's non-string value) and `"P": <json>` is emitted
 * at the close, with a warning when the text was repaired or kept as a string.
 */
export class TypedValueBuffer extends HeldParameterValue {
  constructor(
    output: ValueOutput,
    private readonly prefix: string,
    private readonly name: string,
    private readonly schema: unknown,
    /** The dialect id the warning codes start with (`qwen_xml.value_repaired`). */
    private readonly dialect: string,
    newlines: ValueNewlines = "one-newline",
  ) {
    super(output, newlines);
  }

  protected settle(raw: string): void {
    const typed = typeParameterValue(raw, this.schema);
    this.output.delta(this.prefix + typed.json);
    if (typed.note === "kept-as-string") {
      this.output.warning(
        `${this.dialect}.value_kept_as_string`,
        `parameter ${JSON.stringify(this.name)}: the text does not fit its schema's type; kept as a string`,
        raw,
      );
    } else if (typed.note === "repaired") {
      this.output.warning(
        `${this.dialect}.value_repaired`,
        `parameter ${JSON.stringify(this.name)}: decoded from a JSON string or a Python literal`,
        raw,
      );
    }
  }
}
