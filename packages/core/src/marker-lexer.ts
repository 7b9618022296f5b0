import { findMarker, heldSuffixStart, type MarkerSet } from "./marker-set";

/** What a parser does with the pieces the lexer finds. */
export interface MarkerHandler {
  /** Text containing no live marker, in the order received. Never empty. */
  text(text: string): void;
  /**
   * A live marker starts at `buffer[index]`. Return the index where scanning resumes
   * (at least `index + 1`), or `HOLD` to keep `buffer[index..]` until more text arrives.
   * With `final` (the stream ended) the handler must decide and not return `HOLD`.
   */
  marker(marker: string, buffer: string, index: number, final: boolean): number;
}

/** Returned by `MarkerHandler.marker` when the decision needs text that has not arrived yet. */
export const HOLD = -1;

/**
 * The marker lexer of docs/dialects.md §1: passes on everything except the longest buffer suffix that is
 * a proper prefix of a live marker (`"</thi"` waits for `"nk>"`), and flushes it at the end.
 * Live markers may change inside handler calls; scanning continues with the new set.
 * Cost is linear: only the held suffix (bounded by the longest marker, or by what a handler
 * chooses to hold) is ever looked at twice.
 */
export class MarkerLexer {
  private held = "";

  constructor(
    private readonly handler: MarkerHandler,
    public markers: MarkerSet,
  ) {}

  /** Text held back, waiting for more input (for bounds checks and tests). */
  get pending(): string {
    return this.held;
  }

  push(text: string): void {
    if (text.length === 0) return;
    // Most chunks hold no character a live marker starts with: with nothing held, such a chunk can
    // neither hold nor start a marker, so it is text as it stands (one indexOf per first character).
    if (this.held.length === 0 && !containsAny(text, this.markers.firstChars)) {
      this.handler.text(text);
      return;
    }
    const buffer = this.held.length === 0 ? text : this.held + text;
    this.held = "";
    this.scan(buffer, false);
  }

  end(): void {
    const buffer = this.held;
    this.held = "";
    if (buffer.length > 0) this.scan(buffer, true);
  }

  private scan(buffer: string, final: boolean): void {
    let position = 0;
    for (;;) {
      const hit = this.markers.markers.length === 0 ? undefined : findMarker(this.markers, buffer, position);
      if (hit === undefined) {
        const keep = final ? buffer.length : heldSuffixStart(this.markers, buffer, position);
        if (keep > position) this.handler.text(buffer.slice(position, keep));
        if (keep < buffer.length) this.held = buffer.slice(keep);
        return;
      }
      if (hit.index > position) {
        const markersBefore = this.markers;
        this.handler.text(buffer.slice(position, hit.index));
        position = hit.index;
        // The text changed the live markers (content began, say): the hit may no longer be one.
        if (this.markers !== markersBefore) continue;
      }
      const resume = this.handler.marker(hit.marker, buffer, hit.index, final);
      if (resume === HOLD) {
        if (final) throw new Error(`marker handler held "${hit.marker}" at the end of the stream`);
        this.held = buffer.slice(hit.index);
        return;
      }
      position = resume;
    }
  }
}

function containsAny(text: string, characters: readonly string[]): boolean {
  for (const character of characters) if (text.indexOf(character) !== -1) return true;
  return false;
}
