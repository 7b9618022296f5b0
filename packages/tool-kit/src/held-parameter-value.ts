import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { ParameterValue } from "./parameter-value";

/**
 * A value whose text must be whole before it can be written (a type applies to the whole text, or it must parse as
 * JSON): held to its close (docs/architecture.md I7 allows one value), then `settle` writes its delta and any
 * warning, and the held text goes out as its markup. Subclasses decide only what the text becomes.
 */
export abstract class HeldParameterValue extends ParameterValue {
  private raw = "";

  /** Writes the value's delta (and warnings) for its whole text; the markup follows. */
  protected abstract settle(raw: string): void;

  protected accept(text: string): void {
    this.raw += text;
  }

  protected finish(): void {
    const { raw } = this;
    this.settle(raw);
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

/** `text` parsed as one JSON value, unless empty, not JSON, or nested past what a walk over it survives. */
export function parseJsonValue(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length === 0 || jsonDepthExceeds(text, MAX_JSON_DEPTH)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
