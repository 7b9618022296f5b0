import { randomUUID } from "node:crypto";
import type { RecordedExchange } from "./recorded-exchange";

/**
 * The file's text: indented JSON, except one line per upstream read and per event, so a recording
 * reads (and diffs) as a stream. Placeholders are per call, so no string in a body can collide.
 */
export function formatExchangeFile(record: RecordedExchange): string {
  const token = randomUUID();
  const reads = `reads-${token}`;
  const events = `events-${token}`;
  const outline = JSON.stringify({ ...record, upstream: { ...record.upstream, reads }, events }, null, 2);
  return `${outline
    .replace(`"${reads}"`, () => lines(record.upstream.reads, "    "))
    .replace(`"${events}"`, () => lines(record.events, "  "))}\n`;
}

function lines(items: readonly unknown[], indent: string): string {
  if (items.length === 0) return "[]";
  return `[\n${items.map((item) => `${indent}  ${JSON.stringify(item)}`).join(",\n")}\n${indent}]`;
}
