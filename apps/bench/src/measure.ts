/** Runs `work` repeatedly for at least `minMs` after one warm-up and returns the best time per run in ns. */
export function bestTimeNs(work: () => void, minMs = 300, minRuns = 3): number {
  work();
  let best = Number.POSITIVE_INFINITY;
  let total = 0;
  let runs = 0;
  while (total < minMs * 1e6 || runs < minRuns) {
    const start = process.hrtime.bigint();
    work();
    const elapsed = Number(process.hrtime.bigint() - start);
    best = Math.min(best, elapsed);
    total += elapsed;
    runs++;
  }
  return best;
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** Prints rows as a Markdown table (the closing notes quote it as is). */
export function printTable(title: string, header: string[], rows: string[][]): void {
  console.log(`\n### ${title}\n`);
  console.log(`| ${header.join(" | ")} |`);
  console.log(`| ${header.map(() => "---").join(" | ")} |`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}
