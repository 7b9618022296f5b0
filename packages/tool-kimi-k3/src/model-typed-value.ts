import { jsonDepthExceeds } from "@sluice/core";
import { ParameterValue, type ValueOutput } from "@sluice/tool-kit";

/**
 * An argument the model typed other than `string` (`number`, `boolean`, `null`, `object`, `array`, or a type the
 * template never writes): its text is JSON, so it is held to its close (docs/architecture.md I7 allows one value)
 * and written as it came when it parses. Text that is no JSON is kept as the raw string with
 * `kimi_k3.value_kept_as_string`, as vLLM and smg fall back (e005). The schema is not consulted: K3 types its own
 * values.
 */
export class ModelTypedValue extends ParameterValue {
  private raw = "";

  constructor(
    output: ValueOutput,
    private readonly prefix: string,
    private readonly name: string,
    private readonly type: string,
  ) {
    super(output, "exact");
  }

  protected accept(text: string): void {
    this.raw += text;
  }

  protected finish(): void {
    const { raw } = this;
    const json = raw.trim();
    if (isJson(json)) this.output.delta(this.prefix + json);
    else {
      this.output.delta(this.prefix + JSON.stringify(raw));
      this.output.warning(
        "kimi_k3.value_kept_as_string",
        `argument ${JSON.stringify(this.name)} of type ${JSON.stringify(this.type)} is not JSON; kept as a string`,
        raw,
      );
    }
    if (raw.length > 0) this.output.markup(raw);
    this.raw = "";
  }

  protected takeHeldSource(): string {
    const held = this.raw;
    this.raw = "";
    return held;
  }

  protected heldValueLength(): number {
    return this.raw.length;
  }
}

/** Whether `text` is one JSON value the gateway can take (not nested past the depth a walk over it survives). */
export function isJson(text: string): boolean {
  if (text.length === 0 || jsonDepthExceeds(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
