import { isJsonWhitespace, JsonScanner } from "@sluice/core";

/**
 * Whether a call's arguments that are not strict JSON (single quotes, Python literals, a bare word) may be
 * decided now: every top-level value so far has closed, or the text cannot start one (then more text cannot
 * change that). Incremental: each piece is scanned once, by core's structural JsonScanner; after a value
 * closes, more non-whitespace starts a new scan (`{…}{…}` may still grow). The repair itself reads the whole
 * text once, at the decision (docs/dialects.md §2, Repair).
 */
export class LooseArgumentsScan {
  private readonly scanner = new JsonScanner();

  get decidable(): boolean {
    const status = this.scanner.status;
    return status === "complete" || status === "invalid";
  }

  scan(text: string): void {
    let from = 0;
    for (;;) {
      if (this.scanner.status === "invalid") return;
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
}
