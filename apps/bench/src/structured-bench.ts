import type { StreamEvent } from "@sluice/events";
import { createTranscoder } from "@sluice/pipeline";
import { encodeAnthropicSse } from "@sluice/protocol-anthropic";
import { bestTimesNs, formatNumber, printTable } from "./measure";
import { prose } from "./traces";

const SIZES = [
  { label: "64 KiB", bytes: 64 * 1024 },
  { label: "1 MiB", bytes: 1024 * 1024 },
  { label: "8 MiB", bytes: 8 * 1024 * 1024 },
];
// A token's worth of arguments per delta, as vLLM's and SGLang's tool parsers stream them.
const FRAGMENT = 4;
// The arguments repeat with this period, so the 8 MiB stream is read from a prepared 64 KiB of events.
const PERIOD = 64 * 1024;

const PREFIX =
  '{"id":"chatcmpl-5d1e","object":"chat.completion.chunk","created":1764500000,"model":"Qwen/Qwen3.5","choices":[{"index":0,"delta":';
const SUFFIX = ',"logprobs":null,"finish_reason":null,"stop_reason":null}],"usage":null}';

function event(delta: unknown): string {
  return `data: ${PREFIX}${JSON.stringify(delta)}${SUFFIX}\n\n`;
}

interface StructuredStream {
  /** The head (the call's id and name), then the argument events of one period, then the tail. */
  readonly head: Uint8Array;
  readonly period: readonly Uint8Array[];
  readonly tail: Uint8Array;
  /** The arguments of one period, in characters. */
  readonly periodLength: number;
}

/**
 * A parsing server's stream (vLLM `--tool-call-parser`): one Write call whose `content` string is prose, its
 * arguments in 4-character `delta.tool_calls` fragments, one SSE event each. The arguments are cut so that
 * one period ends inside the string and the next goes on with it: `{"file_path":…,"content":"` once, then the
 * period's prose repeated, then `"}`.
 */
function structuredStream(): StructuredStream {
  const encoder = new TextEncoder();
  const head = `${event({ role: "assistant", content: "" })}${event({
    tool_calls: [{ index: 0, id: "call_5d1e", type: "function", function: { name: "Write", arguments: "" } }],
  })}${event({ tool_calls: [{ index: 0, function: { arguments: '{"file_path": "/tmp/report.md", "content": "' } }] })}`;
  // JSON-escaped prose: newlines and quotes are what a file's content holds.
  const body = JSON.stringify(prose(PERIOD, 17).replace(/\. /g, '.\n    "')).slice(1, -1);
  const period: Uint8Array[] = [];
  for (let index = 0; index < body.length; ) {
    let end = Math.min(index + FRAGMENT, body.length);
    // An escape is never cut: a fragment is a token, and a token is whole text.
    while (end < body.length && body.charCodeAt(end - 1) === 92) end++;
    period.push(
      encoder.encode(event({ tool_calls: [{ index: 0, function: { arguments: body.slice(index, end) } }] })),
    );
    index = end;
  }
  const tail =
    event({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] }) +
    `data: ${PREFIX}{}${SUFFIX.replace('"finish_reason":null', '"finish_reason":"tool_calls"')}\n\n` +
    "data: [DONE]\n\n";
  return { head: encoder.encode(head), period, tail: encoder.encode(tail), periodLength: body.length };
}

/** The same stream as one SSE body of about `fragments` argument events (the HTTP bench's upstream answer). */
export function structuredSse(fragments: number): { body: Buffer; events: number } {
  const stream = structuredStream();
  const periods = Math.max(1, Math.round(fragments / stream.period.length));
  const parts = [stream.head];
  for (let round = 0; round < periods; round++) parts.push(...stream.period);
  parts.push(stream.tail);
  return { body: Buffer.concat(parts), events: periods * stream.period.length };
}

/** Upstream reads in, Anthropic SSE text out, as the gateway runs it per read; returns the bytes written. */
function transcode(stream: StructuredStream, periods: number): number {
  let bytesOut = 0;
  const batch: StreamEvent[] = [];
  const transcoder = createTranscoder({ thinking: false, model: "claude-sonnet-4-5" }, (output) =>
    batch.push(output),
  );
  const read = (bytes: Uint8Array): void => {
    transcoder.push(bytes);
    if (batch.length > 0) {
      bytesOut += encodeAnthropicSse(batch).length;
      batch.length = 0;
    }
  };
  transcoder.start();
  read(stream.head);
  for (let round = 0; round < periods; round++) for (const bytes of stream.period) read(bytes);
  read(stream.tail);
  transcoder.end();
  bytesOut += encodeAnthropicSse(batch).length;
  return bytesOut;
}

/**
 * Structured tool calls from a parsing server (docs/architecture.md §5): a Write call's arguments of 64 KiB,
 * 1 MiB and 8 MiB in 4-character fragments, one SSE event a read, through the transcoder and the SSE
 * encoder: CPU per fragment, and whether the per-byte cost stays flat as the arguments grow.
 */
export function benchStructured(): void {
  const stream = structuredStream();
  const runs = SIZES.map((size) => Math.max(1, Math.round(size.bytes / stream.periodLength)));
  const times = bestTimesNs(
    runs.map((periods) => () => transcode(stream, periods)),
    5,
  );
  const first = (times[0] as number) / ((runs[0] as number) * stream.periodLength);
  const rows = SIZES.map((size, index) => {
    const periods = runs[index] as number;
    const fragments = periods * stream.period.length;
    const ns = times[index] as number;
    const nsPerByte = ns / (periods * stream.periodLength);
    return [
      size.label,
      formatNumber(fragments),
      formatNumber(fragments / (ns / 1e9)),
      formatNumber(ns / 1e3 / fragments, 3),
      formatNumber(nsPerByte, 2),
      formatNumber(nsPerByte / first, 2),
    ];
  });
  printTable(
    "Structured tool call (a parsing server's delta.tool_calls, 4-character fragments, one SSE event a read) → Anthropic SSE bytes (flat per-byte cost: 8 MiB ≤ 1.5× the 64 KiB one)",
    ["arguments", "fragments", "fragments/s", "µs/fragment", "ns/argument byte", "× 64 KiB"],
    rows,
  );
}
