import { isJsonWhitespace, JsonScanner } from "@sluice/core";

/**
 * One structured upstream call while the merger holds it: its id, name and argument pieces, and
 * whether the arguments so far form complete JSON. Completeness is tracked incrementally (each
 * piece is scanned once; after a top-level value closes, further non-whitespace starts a new scan:
 * `{…}{…}` may still grow), never by re-scanning the accumulated arguments.
 */
export class HeldToolCall {
  id: string | undefined;
  name: string | undefined;
  /** Emitted or dropped: later fragments for it are late. */
  flushed = false;
  private readonly pieces: string[] = [];
  private readonly scanner = new JsonScanner();

  /** The arguments so far form one or more complete top-level JSON values (and nothing else). */
  get complete(): boolean {
    return this.scanner.status === "complete";
  }

  /** The accumulated arguments; read once, when the call is flushed. */
  get arguments(): string {
    return this.pieces.join("");
  }

  append(text: string): void {
    if (text.length === 0) return;
    this.pieces.push(text);
    let from = 0;
    for (;;) {
      if (this.scanner.status === "complete") {
        while (from < text.length && isJsonWhitespace(text.charCodeAt(from))) from++;
        if (from === text.length) return;
        this.scanner.reset();
      }
      const end = this.scanner.scan(text, from);
      if (end === -1) return;
      from = end;
    }
  }

  /** Frees the arguments once they have been emitted (the call stays known for late fragments). */
  release(): void {
    this.pieces.length = 0;
  }
}
