import { JsonPrefixValidator } from "./json-prefix-validator";
import { repairStreamedArguments } from "./repair-streamed-arguments";

/** `streaming`: strict JSON so far; `complete`: the object closed; `loose`: not strict JSON, held to the close. */
export type JsonArgumentsStatus = "streaming" | "complete" | "loose";

export type JsonArgumentsOutcome =
  /** Strict JSON, one object, streamed as it came. */
  | { readonly kind: "complete" }
  /** Not strict JSON: repaired at the close, the repaired rest emitted; `more`: objects written after it. */
  | { readonly kind: "repaired"; readonly more: readonly string[]; readonly dropped: number }
  /**
   * Cannot be finished as the model wrote it: cut off (`truncated`), or not repairable (`malformed`). Nothing
   * closes what went out; the caller cuts the call (docs/dialects.md §2).
   */
  | { readonly kind: "cut"; readonly reason: "truncated" | "malformed"; readonly detail: string };

/**
 * One tool call's arguments, written by the model as a JSON object and fed in pieces, streamed live as
 * deltas that always form a valid JSON prefix (docs/architecture.md I2 holds at every point).
 *
 * Design, kept simple on purpose:
 * - **Strict JSON streams.** A strict validator (JsonPrefixValidator) reads each character once and keeps
 *   the point up to which the text is a closable JSON prefix; at the end of every piece the text up to that
 *   point goes out verbatim. So string contents flow as they arrive, numbers and literals go out when
 *   complete, `{ [ } ]` at once, and a comma, key or colon waits for the value after it. The object is
 *   confirmed by its own closing brace (`push` returns there; the caller reads what follows).
 * - **Anything else is held, then repaired once.** At the first character that is not strict JSON
 *   (single quotes, a trailing comma, Python `True`, a raw newline in a string, an unescaped quote, nesting
 *   past MAX_JSON_DEPTH) streaming stops there: what was valid stays streamed, the caller `append`s the rest
 *   up to its end marker, and `finish` repairs the whole text with jsonrepair (docs/dialects.md §2, Repair).
 *   Repair may only continue what was streamed: jsonrepair keeps valid JSON as it is, so it does. (A caller
 *   that has not started the call yet can do better for near-JSON from the first key: JsonToolCallParser
 *   holds such a call whole and decides it at its end, as hermes does.)
 * - **What cannot be finished is never closed.** The call is open (its name already went out), so what
 *   cannot be repaired, and what the stream cut off (never repaired: a guessed `}` would complete a
 *   half-written command), gets nothing more: what went out stays a valid prefix — a string value as far as
 *   it came, without an unfinished number, literal or key — and the outcome says `cut`, for the caller to
 *   end the call as cut (its block stays open, no client runs it).
 * - **`{…}{…}`.** Strict: the first object completes and the caller sees the next `{` (a new call, as
 *   concat_repair splits). Held text: `finish` returns the objects after the first in `more`.
 *
 * Cost: linear; the text not yet emitted is one unfinished token with the separators before it, or the held
 * tail after the first non-strict character (one call's arguments, as hermes holds a body). The whole
 * source is kept for the caller's markup and for repair.
 */
export class JsonArgumentsStream {
  private readonly validator = new JsonPrefixValidator();
  private text = "";
  // Received and not yet emitted, from offset `emittedEnd` (strict phase).
  private pending = "";
  private emittedEnd = 0;

  constructor(private readonly delta: (argumentsJson: string) => void) {}

  get status(): JsonArgumentsStatus {
    const status = this.validator.status;
    return status === "open" ? "streaming" : status === "complete" ? "complete" : "loose";
  }

  /** Every character received, strict or held, in order (the call's markup). */
  get source(): string {
    return this.text;
  }

  /** Characters received and not emitted as arguments yet. */
  get heldLength(): number {
    return this.status === "loose" ? this.text.length - this.emittedEnd : this.pending.length;
  }

  /**
   * Strict phase: reads `text` from `from` and emits what became a closable prefix. Returns where it
   * stopped: `text.length`; just after the object's closing brace (`complete`); or at the first character
   * that is not strict JSON (`loose`; that character is not consumed: `append` it and the rest).
   */
  push(text: string, from = 0): number {
    if (this.status !== "streaming") return from;
    const stop = this.validator.scan(text, from);
    const consumed = from === 0 && stop === text.length ? text : text.slice(from, stop);
    this.text += consumed;
    this.emitClosable(consumed);
    return stop;
  }

  /** Loose phase: text of the arguments after the first character that is not strict JSON. */
  append(text: string): void {
    this.text += text;
  }

  /**
   * The arguments are over (the caller met its end marker, or the stream ended): emits what a repair adds
   * and says what they were. `closingFence` is text the format writes after the object (DeepSeek V3's ```),
   * left out of repair.
   */
  finish(options: { readonly closingFence?: string } = {}): JsonArgumentsOutcome {
    const status = this.status;
    if (status === "complete") return { kind: "complete" };
    if (status === "streaming") return cut("truncated", "the arguments were cut off");
    const start = this.validator.objectStart;
    let text = this.text.slice(Math.max(start, 0)).trimEnd();
    const fence = options.closingFence;
    if (fence !== undefined && text.endsWith(fence)) text = text.slice(0, -fence.length);
    const streamed = start < 0 ? "" : this.text.slice(start, this.emittedEnd);
    const repair = repairStreamedArguments(text, streamed);
    if (repair.kind === "truncated")
      return cut("truncated", "the arguments were cut off inside a string or bracket");
    if (repair.kind === "malformed") return cut("malformed", repair.reason);
    if (repair.json.length > streamed.length) this.delta(repair.json.slice(streamed.length));
    return { kind: "repaired", more: repair.more, dropped: repair.dropped };
  }

  /** Emits the text from `emittedEnd` up to the validator's closable point; `consumed` ends at the scan's stop. */
  private emitClosable(consumed: string): void {
    const target = this.validator.closableEnd;
    if (target <= this.emittedEnd) {
      this.pending += consumed;
      return;
    }
    const unemitted = this.pending + consumed;
    // Whitespace before the object is not part of the arguments.
    const skip = Math.max(0, this.validator.objectStart - this.emittedEnd);
    const cut = target - this.emittedEnd;
    this.delta(unemitted.slice(skip, cut));
    this.pending = unemitted.slice(cut);
    this.emittedEnd = target;
  }
}

function cut(reason: "truncated" | "malformed", detail: string): JsonArgumentsOutcome {
  return { kind: "cut", reason, detail };
}
