/** A two-column Markdown table of figures, as the README shows them. */
export function markdownTable(rows: readonly (readonly [string, string])[]): string {
  const lines = [
    "| figure | value |",
    "| --- | --- |",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ];
  return `${lines.join("\n")}\n`;
}
