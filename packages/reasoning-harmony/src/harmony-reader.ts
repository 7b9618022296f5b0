import { createMarkerSet, type MarkerHandler, MarkerLexer } from "@sluice/core";
import { MAX_HEADER_LENGTH } from "./harmony-limits";
import { CHANNEL, CONSTRAIN, HARMONY_TOKENS, MESSAGE, ROLE_RECIPIENT, START } from "./harmony-tokens";
import { type HarmonyHeader, parseHarmonyHeader } from "./parse-harmony-header";

/** Why a header was given up: too long, broken by a token no header holds, or cut by the end of the stream. */
export type NotAHeaderReason = "too-long" | "broken" | "cut";

/** What a HarmonyReader finds, in stream order. */
export interface HarmonyEvents {
  /** Text of a message's body, or text outside any message (before the first header, after an end). */
  text(text: string): void;
  /** A whole header; `raw` is its source, `<|message|>` included. */
  header(header: HarmonyHeader, raw: string): void;
  /**
   * The message ends: at `<|end|>`, `<|call|>` or `<|return|>` (`token`), or at the next header without one
   * (`token` is ""). Also called for such a token outside any message.
   */
  messageEnd(token: string): void;
  /** Source that began like a header and is none (`raw` holds all of it). */
  notAHeader(raw: string, reason: NotAHeaderReason): void;
}

type ReaderState = "start" | "outside" | "header" | "body";

const TOKENS = createMarkerSet(HARMONY_TOKENS);

/**
 * The harmony message grammar both `harmony` dialects read (docs/dialects.md §1 `harmony`): after the prompt's
 * `<|start|>assistant`, messages `[<|start|>ROLE][ to=R]<|channel|>CH[ to=R][ ][<|constrain|>T]<|message|>BODY`
 * ended by `<|end|>`, `<|call|>`, `<|return|>`, the next header or the end of the stream. A synchronous state
 * machine over core's MarkerLexer: tokens split across chunks are held by the lexer, a header is held (bounded by
 * MAX_HEADER_LENGTH) until its `<|message|>`, and body text passes on as it comes.
 */
export class HarmonyReader implements MarkerHandler {
  private state: ReaderState = "start";
  // The header so far (state "header"), or text at the very start that may still become ` to=` ("start").
  private held = "";
  private readonly lexer = new MarkerLexer(this, TOKENS);

  constructor(private readonly events: HarmonyEvents) {}

  /** Inside a message's body (its header read, its end not yet). */
  get inBody(): boolean {
    return this.state === "body";
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  /** The stream ended: passes on what is held. */
  end(): void {
    this.lexer.end();
    this.release("cut");
  }

  /**
   * Something the reader did not see came between (a tool call another parser consumed): what is held can no
   * longer complete. Held text goes on as text; the reader is no longer at the start of the output.
   */
  flush(): void {
    this.lexer.end();
    this.release("broken");
  }

  /** The current message is over (a call ended it without `<|end|>`): what follows is outside any message. */
  leaveMessage(): void {
    this.flush();
    this.state = "outside";
  }

  text(text: string): void {
    switch (this.state) {
      case "start":
        this.startText(text);
        return;
      case "header":
        this.headerText(text);
        return;
      default:
        this.events.text(text);
    }
  }

  marker(marker: string, _buffer: string, index: number): number {
    const resume = index + marker.length;
    if (this.state === "start") this.release("broken");
    if (this.state === "header") {
      if (marker === CHANNEL || marker === CONSTRAIN) this.headerText(marker);
      else if (marker === MESSAGE) {
        const raw = this.held + marker;
        this.held = "";
        this.state = "body";
        this.events.header(parseHarmonyHeader(raw.slice(0, -marker.length)), raw);
      } else {
        // `<|start|>`, `<|end|>`, `<|call|>`, `<|return|>`: no header holds them.
        this.release("broken");
        this.token(marker);
      }
      return resume;
    }
    this.token(marker);
    return resume;
  }

  /** A token in a body or outside any message. */
  private token(marker: string): void {
    if (marker === START || marker === CHANNEL) {
      if (this.state === "body") this.events.messageEnd("");
      this.state = "header";
      this.held = marker;
    } else if (marker === MESSAGE || marker === CONSTRAIN) {
      // Only a header gives them a meaning: elsewhere they are the model's text.
      this.events.text(marker);
    } else {
      this.events.messageEnd(marker);
      this.state = "outside";
    }
  }

  /** Text at the very start: ` to=` begins a header whose role the prompt already wrote. */
  private startText(text: string): void {
    const candidate = this.held + text;
    const length = Math.min(candidate.length, ROLE_RECIPIENT.length);
    if (candidate.slice(0, length) !== ROLE_RECIPIENT.slice(0, length)) {
      this.held = "";
      this.state = "outside";
      this.events.text(candidate);
      return;
    }
    if (candidate.length < ROLE_RECIPIENT.length) {
      this.held = candidate;
      return;
    }
    this.held = "";
    this.state = "header";
    this.headerText(candidate);
  }

  /** Header text (tokens of it included), bounded: past MAX_HEADER_LENGTH it is no header. */
  private headerText(text: string): void {
    const room = MAX_HEADER_LENGTH - this.held.length;
    if (text.length <= room) {
      this.held += text;
      return;
    }
    this.held += text.slice(0, room + 1);
    this.release("too-long");
    if (text.length > room + 1) this.events.text(text.slice(room + 1));
  }

  /** Gives up what is held: the start's text, or a header that is none. */
  private release(reason: NotAHeaderReason): void {
    const held = this.held;
    this.held = "";
    if (this.state === "start") {
      this.state = "outside";
      if (held !== "") this.events.text(held);
    } else if (this.state === "header") {
      this.state = "outside";
      this.events.notAHeader(held, reason);
    }
  }
}
