import type { ExchangeSummary } from "@sluice/console";
import type { RecordedExchange } from "../record/recorded-exchange";

/** What the console serves of one finished exchange: its record file's text, and where each event and warning arose. */
export interface ServedCapture {
  /** The record file's text (`formatExchangeFile`). */
  readonly file: string;
  readonly eventReads: readonly number[];
  readonly warnings: readonly { readonly code: string; readonly message: string; readonly read: number }[];
}

/**
 * An exchange's capture as the ring holds it: `served` when its file was made already (`server.record_dir`
 * wrote it), `raw` when it is the recorder's parts, scrubbed and formatted only once a page asks (`serve`).
 */
export type HeldCapture =
  | { readonly kind: "served"; readonly served: ServedCapture }
  | {
      readonly kind: "raw";
      /** What the parts count against `server.console_max_bytes` (`heldLength`). */
      readonly length: number;
      /** Scrubbed and formatted anew on each call; `record` is the file's text parsed, at hand. */
      readonly serve: () => ServedCapture & { readonly record: RecordedExchange };
    };

/** One finished exchange the ring holds: its summary, and its capture unless it was too large. */
export interface HeldExchange {
  readonly summary: ExchangeSummary;
  readonly capture?: HeldCapture;
  /** What it counts against `server.console_max_bytes`. */
  readonly bytes: number;
}

export interface RingLimits {
  readonly maxExchanges: number;
  readonly maxBytes: number;
}

// A summary and its bookkeeping, counted even when no capture is kept, so that 404s alone cannot grow the ring.
const SUMMARY_BYTES = 512;

/** What a capture counts: a file by its length (a byte a character, as before), parts by the recorder's estimate. */
function captureBytes(capture: HeldCapture): number {
  return capture.kind === "served" ? capture.served.file.length : capture.length;
}

/**
 * The console's memory (`server.console_max_exchanges`, `server.console_max_bytes`): finished exchanges in
 * arrival order of their end, the oldest dropped first once either bound is passed. An exchange too large for
 * the bytes bound alone keeps its summary, without its capture.
 */
export class ConsoleRing {
  private readonly held = new Map<string, HeldExchange>();
  private heldBytes = 0;

  constructor(private limits: RingLimits) {}

  get size(): number {
    return this.held.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  get bounds(): RingLimits {
    return this.limits;
  }

  get(id: string): HeldExchange | undefined {
    return this.held.get(id);
  }

  /** Oldest first. */
  values(): IterableIterator<HeldExchange> {
    return this.held.values();
  }

  /** Adds one finished exchange (its capture only if it fits the bytes bound alone); returns the ids dropped to make room. */
  add(
    summary: ExchangeSummary,
    capture?: HeldCapture,
  ): {
    readonly kept: HeldExchange;
    readonly evicted: readonly string[];
  } {
    const bytes = capture === undefined ? 0 : SUMMARY_BYTES + captureBytes(capture);
    const kept: HeldExchange =
      capture !== undefined && bytes <= this.limits.maxBytes
        ? { summary: { ...summary, detail: true }, capture, bytes }
        : { summary: { ...summary, detail: false }, bytes: SUMMARY_BYTES };
    const previous = this.held.get(summary.id);
    if (previous !== undefined) {
      this.held.delete(summary.id);
      this.heldBytes -= previous.bytes;
    }
    this.held.set(summary.id, kept);
    this.heldBytes += kept.bytes;
    return { kept, evicted: this.evict() };
  }

  /**
   * One held exchange as the console serves it, undefined when the ring has no capture of it. A raw capture
   * is scrubbed and formatted now; its file then takes the parts' place (a second look, or the download after
   * the detail, costs nothing), only while that keeps the ring within its bytes bound, so that looking at an
   * exchange never drops another: otherwise the parts stay and the next look builds it again.
   */
  serve(id: string): (ServedCapture & { readonly record?: RecordedExchange }) | undefined {
    const held = this.held.get(id);
    const capture = held?.capture;
    if (held === undefined || capture === undefined) return undefined;
    if (capture.kind === "served") return capture.served;
    const built = capture.serve();
    const served: ServedCapture = {
      file: built.file,
      eventReads: built.eventReads,
      warnings: built.warnings,
    };
    const bytes = SUMMARY_BYTES + served.file.length;
    if (this.heldBytes - held.bytes + bytes <= this.limits.maxBytes) {
      // In place: the exchange keeps its position in the ring's order.
      this.held.set(id, { summary: held.summary, capture: { kind: "served", served }, bytes });
      this.heldBytes += bytes - held.bytes;
    }
    return built;
  }

  /** New bounds (a reload): what no longer fits goes at once. */
  resize(limits: RingLimits): readonly string[] {
    this.limits = limits;
    return this.evict();
  }

  private evict(): string[] {
    const evicted: string[] = [];
    for (const [id, exchange] of this.held) {
      if (this.held.size <= this.limits.maxExchanges && this.heldBytes <= this.limits.maxBytes) break;
      this.held.delete(id);
      this.heldBytes -= exchange.bytes;
      evicted.push(id);
    }
    return evicted;
  }
}
