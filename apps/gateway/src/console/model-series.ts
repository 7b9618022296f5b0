import type { ModelTotals } from "../server/observe/create-gateway-metrics";

export interface ModelSeriesView {
  requests: number[];
  errors: number[];
  inputTokens: number[];
  outputTokens: number[];
}

const FIELDS = ["requests", "errors", "inputTokens", "outputTokens"] as const;
const ZERO: ModelTotals = { requests: 0, errors: 0, inputTokens: 0, outputTokens: 0 };

/**
 * The console's charts: the gateway's own counters read every `stepMs`, kept for `points` steps, and each
 * step's increase per model. Only the console's gateway runs the timer (one reading every few seconds); the
 * last point is the step still running, read when the page asks.
 */
export class ModelSeries {
  private readonly samples: Map<string, ModelTotals>[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => Promise<Map<string, ModelTotals>>,
    readonly stepMs: number,
    readonly points: number,
  ) {}

  start(): void {
    if (this.timer !== undefined) return;
    void this.sample();
    this.timer = setInterval(() => void this.sample(), this.stepMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Each model's increase per step, oldest first (`points` long, zeros before the first reading), and its totals now. */
  async view(): Promise<{ series: Map<string, ModelSeriesView>; totals: Map<string, ModelTotals> }> {
    const now = await this.read();
    const readings = [...this.samples, now];
    const models = new Set(readings.flatMap((totals) => [...totals.keys()]));
    const series = new Map<string, ModelSeriesView>();
    for (const model of models) {
      const view: ModelSeriesView = { requests: [], errors: [], inputTokens: [], outputTokens: [] };
      for (let index = 1; index < readings.length; index++) {
        const before = readings[index - 1]?.get(model) ?? ZERO;
        const after = readings[index]?.get(model) ?? ZERO;
        for (const field of FIELDS) view[field].push(Math.max(0, after[field] - before[field]));
      }
      for (const field of FIELDS) {
        const values = view[field].slice(-this.points);
        view[field] = [...new Array<number>(this.points - values.length).fill(0), ...values];
      }
      series.set(model, view);
    }
    return { series, totals: now };
  }

  private async sample(): Promise<void> {
    const totals = await this.read();
    this.samples.push(totals);
    // One more than the points: the oldest kept point needs the reading before it.
    while (this.samples.length > this.points) this.samples.shift();
  }
}
