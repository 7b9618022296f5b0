import { ParameterValue, type ValueOutput } from "@sluice/tool-kit";
import { type Element, elementJson } from "./element-json";

/**
 * A parameter whose value may nest (docs/dialects.md §3, `minimax_m3`): any parameter the schema does not type
 * as a string. Its elements are built as the tags arrive — the parser opens and closes children — and the whole
 * value is typed by its schema at its close, `"P": <json>` (a container's type needs all of it, as tool-kit's
 * TypedValueBuffer holds a scalar), its source going out as markup after it.
 */
export class ElementValue extends ParameterValue {
  private readonly root: Element;
  // The open elements, the root first.
  private readonly open: Element[];
  private source = "";

  constructor(
    output: ValueOutput,
    private readonly prefix: string,
    name: string,
    private readonly schema: unknown,
  ) {
    super(output, "exact");
    this.root = { name, text: "", children: [] };
    this.open = [this.root];
  }

  /** How many elements are open, the parameter itself counted. */
  get depth(): number {
    return this.open.length;
  }

  /** The open elements' names, innermost last. */
  openNames(): readonly string[] {
    return this.open.map((element) => element.name);
  }

  /** A child element opens in the innermost open one; `source` is its tag. */
  openChild(name: string, source: string): void {
    const child: Element = { name, text: "", children: [] };
    (this.open[this.open.length - 1] as Element).children.push(child);
    this.open.push(child);
    this.source += source;
  }

  /** Closes the innermost open child (not the parameter itself); `source` is its close tag. */
  closeChild(source: string): void {
    if (this.open.length > 1) this.open.pop();
    this.source += source;
  }

  protected accept(text: string): void {
    (this.open[this.open.length - 1] as Element).text += text;
    this.source += text;
  }

  protected finish(): void {
    this.output.delta(this.prefix + elementJson(this.root, this.schema));
    if (this.source.length > 0) this.output.markup(this.source);
    this.source = "";
  }

  protected takeHeldSource(): string {
    const held = this.source;
    this.source = "";
    return held;
  }

  protected heldValueLength(): number {
    return this.source.length;
  }
}
