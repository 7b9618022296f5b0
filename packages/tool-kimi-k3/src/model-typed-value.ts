import { HeldParameterValue, parseJsonValue, type ValueOutput } from "@sluice/tool-kit";

/**
 * An argument the model typed other than `string` (`number`, `boolean`, `null`, `object`, `array`, or a type the
 * template never writes): its text is JSON, so it is held to its close (docs/architecture.md I7 allows one value)
 * and written as it came when it parses. Text that is no JSON is kept as the raw string with
 * `kimi_k3.value_kept_as_string`, as vLLM and smg fall back (e005). The schema is not consulted: K3 types its own
 * values.
 */
export class ModelTypedValue extends HeldParameterValue {
  constructor(
    output: ValueOutput,
    private readonly prefix: string,
    private readonly name: string,
    private readonly type: string,
  ) {
    super(output, "exact");
  }

  protected settle(raw: string): void {
    const json = raw.trim();
    if (parseJsonValue(json).ok) this.output.delta(this.prefix + json);
    else {
      this.output.delta(this.prefix + JSON.stringify(raw));
      this.output.warning(
        "kimi_k3.value_kept_as_string",
        `argument ${JSON.stringify(this.name)} of type ${JSON.stringify(this.type)} is not JSON; kept as a string`,
        raw,
      );
    }
  }
}
