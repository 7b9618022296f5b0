import type { ExchangeSummary } from "@sluice/console";

/** One finished exchange the ring holds: its summary, and its capture as the record file's text. */
export interface HeldExchange {
  readonly summary: ExchangeSummary;
  /** The record file's text (`formatExchangeFile`); absent when the upstream was never called or it was too large. */
  readonly file?: string;
  readonly eventReads: readonly number[];
  readonly warnings: readonly { readonly code: string; readonly message: string; readonly read: number }[];
  /** What it counts against `server.console_max_bytes`. */
  readonly bytes: number;
}

export interface RingLimits {
  readonly maxExchanges: number;
  readonly maxBytes: number;
}

// A summary and its bookkeeping, counted even when no capture is kept, so that 404s alone cannot grow the ring.
const SUMMARY_BYTES = 512;

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
    capture?: Omit<HeldExchange, "summary" | "bytes">,
  ): {
    readonly kept: HeldExchange;
    readonly evicted: readonly string[];
  } {
    const fileBytes = capture?.file?.length ?? 0;
    const fits = capture?.file !== undefined && SUMMARY_BYTES + fileBytes <= this.limits.maxBytes;
    const kept: HeldExchange = fits
      ? { summary: { ...summary, detail: true }, ...capture, bytes: SUMMARY_BYTES + fileBytes }
      : { summary: { ...summary, detail: false }, eventReads: [], warnings: [], bytes: SUMMARY_BYTES };
    const previous = this.held.get(summary.id);
    if (previous !== undefined) {
      this.held.delete(summary.id);
      this.heldBytes -= previous.bytes;
    }
    this.held.set(summary.id, kept);
    this.heldBytes += kept.bytes;
    return { kept, evicted: this.evict() };
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
