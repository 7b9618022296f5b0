/**
 * Best time per run in ns for each piece of work, measured in interleaved rounds: this machine is a
 * VM whose neighbours steal time in bursts, so running the cases round-robin and keeping each one's
 * best run compares them under the same conditions. Each case is warmed up once first.
 */
export function bestTimesNs(works: readonly (() => void)[], rounds = 5, minMsPerRound = 150): number[] {
  for (const work of works) work();
  const best = works.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < rounds; round++) {
    works.forEach((work, index) => {
      let spent = 0;
      do {
        const start = process.hrtime.bigint();
        work();
        const elapsed = Number(process.hrtime.bigint() - start);
        best[index] = Math.min(best[index] as number, elapsed);
        spent += elapsed;
      } while (spent < minMsPerRound * 1e6);
    });
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
