/** One sample line of the Prometheus text format: `name{label="value",…} value`. */
export interface PrometheusSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comments skipped; label values unescaped). */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? "").matchAll(LABEL)) {
      labels[key as string] = (raw as string).replace(/\\(.)/g, (_, escaped: string) =>
        escaped === "n" ? "\n" : escaped,
      );
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(
  samples: readonly PrometheusSample[],
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** `GET {origin}/metrics`, parsed. */
export async function scrape(origin: string): Promise<PrometheusSample[]> {
  const response = await fetch(`${origin}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return parsePrometheusText(await response.text());
}
