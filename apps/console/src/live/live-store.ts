import type { ConsoleStreamEvent, ExchangeSummary } from "../api-types";

/**
 * The exchanges the live list knows, as the gateway's stream keeps them: a snapshot replaces all, `exchange`
 * upserts by id, `evicted` drops. Listeners hear of a change at most once per animation frame, however many
 * events came in it: a burst of a thousand updates costs one render.
 */
export class LiveStore {
  private readonly byId = new Map<string, ExchangeSummary>();
  /** Ids in arrival order (oldest first); may hold evicted ids until the next `list()` sweeps them. */
  private order: string[] = [];
  private swept = true;
  private frame: number | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly changed = new Set<string>();

  apply(event: ConsoleStreamEvent): void {
    switch (event.event) {
      case "snapshot":
        this.byId.clear();
        this.order = [];
        for (const summary of event.data.exchanges) this.upsert(summary);
        break;
      case "exchange":
        this.upsert(event.data);
        break;
      case "evicted":
        for (const id of event.data.ids) {
          this.byId.delete(id);
          this.changed.add(id);
        }
        this.swept = false;
        break;
      case "ping":
        return;
    }
    this.schedule();
  }

  get(id: string): ExchangeSummary | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every exchange held, newest first. */
  list(): ExchangeSummary[] {
    if (!this.swept) {
      this.order = this.order.filter((id) => this.byId.has(id));
      this.swept = true;
    }
    const out: ExchangeSummary[] = [];
    for (let i = this.order.length - 1; i >= 0; i--)
      out.push(this.byId.get(this.order[i] as string) as ExchangeSummary);
    return out;
  }

  /** Called once per frame with the ids that changed in it. */
  subscribe(listener: (changed: ReadonlySet<string>) => void): () => void {
    const wrapped = (): void => listener(this.changed);
    this.listeners.add(wrapped);
    return () => this.listeners.delete(wrapped);
  }

  private upsert(summary: ExchangeSummary): void {
    if (!this.byId.has(summary.id)) this.order.push(summary.id);
    this.byId.set(summary.id, summary);
    this.changed.add(summary.id);
  }

  private schedule(): void {
    if (this.frame !== undefined) return;
    // A hidden tab gets no frames; a timer keeps the store's listeners (the open exchange view) up to date.
    const run = (): void => {
      this.frame = undefined;
      for (const listener of this.listeners) listener();
      this.changed.clear();
    };
    this.frame = document.hidden ? (setTimeout(run, 250) as unknown as number) : requestAnimationFrame(run);
  }
}

/** What the "has warnings or errors" filter keeps. */
export function hasProblems(summary: ExchangeSummary): boolean {
  return (
    summary.warnings > 0 ||
    summary.error !== undefined ||
    (summary.status !== undefined && summary.status >= 400)
  );
}

/** The configured model that served it, else the name asked for. */
export function modelOf(summary: ExchangeSummary): string | undefined {
  return summary.servedBy ?? summary.model;
}
