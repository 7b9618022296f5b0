import { JsonScanner, jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { isPlainObject } from "@sluice/tool-concat-repair";

/** The body's object, ready to follow the `{` the call already wrote. */
export interface DirectJsonArguments {
  /** The object's text without its outer braces (empty for `{}`). */
  readonly members: string;
  readonly keys: readonly string[];
}

/**
 * A JSON object written directly inside an invoke instead of parameters (d098; smg accepts it): its text
 * from `{` until the string-aware scanner sees the object close (docs/architecture.md I7 allows holding it,
 * as one hermes body). At the close it is read as the call's arguments if it is one JSON object.
 */
export class DirectJsonBody {
  private readonly scanner = new JsonScanner();
  private source = "";

  /** The body's text so far. */
  get text(): string {
    return this.source;
  }

  get complete(): boolean {
    return this.scanner.status === "complete";
  }

  /** Takes `text` from `from`; returns where the object closed in it (just after its `}`), or -1. */
  push(text: string, from = 0): number {
    const end = this.scanner.scan(text, from);
    this.source += end === -1 ? text.slice(from) : text.slice(from, end);
    return end;
  }

  /** The arguments, when the body is one complete JSON object that is not too deep; else undefined. */
  arguments(): DirectJsonArguments | undefined {
    if (!this.complete || jsonDepthExceeds(this.source, MAX_JSON_DEPTH)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(this.source);
    } catch {
      return undefined;
    }
    if (!isPlainObject(value)) return undefined;
    return { members: this.source.slice(1, -1), keys: Object.keys(value) };
  }
}
