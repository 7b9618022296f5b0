import type { StreamEvent } from "@sluice/events";
import { createTranscoder, type Transcoder } from "@sluice/pipeline";
import { encodeAnthropicSse } from "@sluice/protocol-anthropic";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";
import { bestTimesNs, formatNumber, printTable } from "./measure";
import { chunk, qwenXmlTrace } from "./traces";

/** A vLLM stream serving raw Qwen3.5 text: one `data:` event per token-sized delta, then usage and [DONE]. */
export function upstreamSse(chunks: number): { body: string; events: number } {
  const text = qwenXmlTrace(chunks * 4);
  const events = vllmEvents(chunk(text, 4).slice(0, chunks - 3));
  return { body: events.join(""), events: events.length };
}

/** vLLM's SSE events for raw-text deltas, one `data:` event each, then the finish, the usage and [DONE]. */
export function vllmEvents(deltas: readonly string[]): string[] {
  const prefix =
    '{"id":"chatcmpl-5d1e","object":"chat.completion.chunk","created":1764500000,"model":"Qwen/Qwen3.5","choices":[{"index":0,"delta":{"content":';
  const suffix = '},"logprobs":null,"finish_reason":null,"stop_reason":null}],"usage":null}';
  const events = deltas.map((delta) => `data: ${prefix}${JSON.stringify(delta)}${suffix}\n\n`);
  events.push(
    'data: {"id":"chatcmpl-5d1e","object":"chat.completion.chunk","created":1764500000,"model":"Qwen/Qwen3.5","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop","stop_reason":null}],"usage":null}\n\n',
    `data: {"id":"chatcmpl-5d1e","object":"chat.completion.chunk","created":1764500000,"model":"Qwen/Qwen3.5","choices":[],"usage":{"prompt_tokens":1200,"completion_tokens":${deltas.length + 3},"total_tokens":${deltas.length + 1203}}}\n\n`,
    "data: [DONE]\n\n",
  );
  return events;
}

const tools = new Map([
  ["Write", { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } } }],
]);

/** The qwen3.5 preset's transcoder for a raw answer, thinking on and the Write tool declared, as the gateway makes it. */
export function rawQwenTranscoder(emit: (event: StreamEvent) => void): Transcoder {
  return createTranscoder(
    {
      reasoning: qwen3ReasoningDialect(),
      tool: qwenXmlToolDialect(),
      thinking: true,
      tools,
      model: "claude-sonnet-4-5",
    },
    emit,
  );
}

/** Upstream bytes in, Anthropic SSE text out, exactly as the gateway runs it per read. */
function transcode(reads: readonly Uint8Array[]): number {
  let bytesOut = 0;
  const batch: StreamEvent[] = [];
  const transcoder = rawQwenTranscoder((event) => batch.push(event));
  transcoder.start();
  for (const read of reads) {
    transcoder.push(read);
    if (batch.length > 0) {
      bytesOut += encodeAnthropicSse(batch).length;
      batch.length = 0;
    }
  }
  transcoder.end();
  bytesOut += encodeAnthropicSse(batch).length;
  return bytesOut;
}

function splitBytes(bytes: Uint8Array, size: number): Uint8Array[] {
  const reads: Uint8Array[] = [];
  for (let index = 0; index < bytes.length; index += size) reads.push(bytes.subarray(index, index + size));
  return reads;
}

export function benchWholePath(chunks = 200_000): void {
  const { body, events } = upstreamSse(chunks);
  const encoder = new TextEncoder();
  const perEvent = body.split(/(?<=\n\n)/).map((event) => encoder.encode(event));
  const whole = encoder.encode(body);
  const readings = [
    ["one SSE event per read", perEvent],
    ["16 KiB reads", splitBytes(whole, 16 * 1024)],
  ] as const;
  const times = bestTimesNs(
    readings.map(
      ([, reads]) =>
        () =>
          transcode(reads),
    ),
  );
  const rows = readings.map(([label], index) => {
    const ns = times[index] as number;
    return [
      label,
      formatNumber(events),
      formatNumber(events / (ns / 1e9)),
      formatNumber(ns / 1e3 / events, 3),
      formatNumber(whole.length / (ns / 1e9) / 1e6, 1),
    ];
  });
  printTable(
    "Whole path without HTTP: vLLM SSE bytes (raw Qwen3.5: reasoning, text, qwen_xml call) → Anthropic SSE bytes (target ≥ 500,000 chunks/s)",
    ["upstream reads", "chunks", "chunks/s", "µs/chunk", "MB/s in"],
    rows,
  );
}
