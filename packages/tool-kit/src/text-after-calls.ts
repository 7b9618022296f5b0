import type { SegmentSink } from "@sluice/core";
import { isAllWhitespace } from "./is-all-whitespace";

// A longer whitespace run after a call is the model's text, passed on (bounded hold, docs/architecture.md I7).
const MAX_HELD_WHITESPACE = 4096;

/**
 * Text outside calls, for dialects that write calls between text. Whitespace-only text right after a call is
 * held until what follows decides (docs/dialects.md §2): another call or a closing tag makes it the
 * template's separator (markup), other text or the end of the stream makes it text.
 */
export class TextAfterCalls {
  private held = "";
  private afterCall = false;

  constructor(private readonly sink: SegmentSink) {}

  get heldLength(): number {
    return this.held.length;
  }

  /** A call just ended: what comes next is after a call. */
  callEnded(): void {
    this.afterCall = true;
  }

  /** Text outside calls. True when it ended the after-call state (a dialect may then leave its block). */
  text(text: string): boolean {
    if (!this.afterCall) {
      this.sink({ type: "text", text });
      return false;
    }
    let out: string;
    if (isAllWhitespace(text)) {
      this.held += text;
      if (this.held.length <= MAX_HELD_WHITESPACE) return false;
      out = this.held;
    } else {
      out = this.held + text;
    }
    this.held = "";
    this.afterCall = false;
    this.sink({ type: "text", text: out });
    return true;
  }

  /** The held whitespace, cleared: markup in front of a closing tag; what follows is still after a call. */
  takeHeld(): string {
    const held = this.held;
    this.held = "";
    return held;
  }

  /** A call starts: the held whitespace was the separator between calls (markup of the new call). */
  callStarts(): string {
    this.afterCall = false;
    return this.takeHeld();
  }

  /** The end of the stream: whitespace after the last call is text after the calls. */
  end(): void {
    if (this.held.length > 0) this.sink({ type: "text", text: this.held });
    this.held = "";
  }
}
