import type { ErrorType } from "@sluice/events";
import { readChunks, type ScriptedReply } from "../server/scripted-upstream";
import { chatChunk } from "./chat-chunk";

/** What the client must get: a message (streamed to message_stop), an error event mid-stream, or an error body. */
export type FaultOutcome =
  | { readonly kind: "message"; readonly stopReason: string; readonly text?: TextExpectation }
  | { readonly kind: "stream-error"; readonly type: ErrorType }
  | { readonly kind: "error"; readonly status: number; readonly type: ErrorType };

export interface TextExpectation {
  readonly equals?: string;
  readonly includes?: string;
  readonly excludes?: string;
}

export interface FaultCase {
  /** The model name (and upstream model) that selects this reply. */
  readonly name: string;
  /** What the upstream does, as the test title says it. */
  readonly what: string;
  /** Undefined: the model's base_url is a port nothing listens on. */
  readonly reply?: ScriptedReply;
  /** Extra upstream config keys (a small idle_timeout_ms). */
  readonly upstream?: Readonly<Record<string, string>>;
  readonly stream: FaultOutcome;
  readonly whole: FaultOutcome;
  /** The gateway abandons the upstream response: its socket must close, not linger. */
  readonly releasesUpstream?: boolean;
}

/** Short enough for a fast suite, long enough that a loaded 2-core CI run still gets headers first. */
// Long enough that the headers and the first chunks of an upstream in the same process come in time on a
// loaded machine (the idle clock runs from the request on), short enough for a test.
export const SMALL_IDLE_TIMEOUT_MS = 2_000;

const plainText = readChunks("plain-text");
const sse = (payload: string): string => `data: ${payload}\n\n`;
const encoder = new TextEncoder();

// Every byte value, in a fixed order: NULs, lone continuation bytes, 0xFF — nothing a decoder can trust.
const GARBAGE = Uint8Array.from({ length: 4096 }, (_, index) => (index * 131 + 7) % 256);
// A proxy's error page: markup far past the 2000 characters an error message may carry.
const HTML_PAGE = `<!DOCTYPE html><html><head><title>Bad Gateway</title></head><body><h1>Bad Gateway</h1>${"<p>The upstream server is unavailable. Please try again later.</p>".repeat(1200)}</body></html>`;
const HUGE_LINE_PIECE = "x".repeat(64 * 1024);
const HUGE_LINE_PIECES = 320; // 20 MiB of content in one `data:` line, written 64 KiB at a time.

/** The bytes of `text`'s chunk line cut inside `é` and inside `🌍`, so each read ends mid-character. */
function splitInsideCharacters(text: string): Uint8Array[] {
  const bytes = encoder.encode(sse(chatChunk({ content: text })));
  const insideE = bytes.indexOf(0xc3) + 1;
  const insideGlobe = bytes.indexOf(0xf0) + 2;
  return [bytes.subarray(0, insideE), bytes.subarray(insideE, insideGlobe), bytes.subarray(insideGlobe)];
}

const SPLIT_TEXT = "héllo 🌍 wörld";

function invalidUtf8Line(): Uint8Array {
  const [before, after] = sse(chatChunk({ content: "bad MARK bytes" })).split("MARK") as [string, string];
  return Uint8Array.from([...encoder.encode(before), 0xff, 0xfe, 0xc3, 0x20, ...encoder.encode(after)]);
}

const errorStatuses = [
  { status: 500, type: "api_error", answer: 502 },
  { status: 502, type: "api_error", answer: 502 },
  { status: 503, type: "overloaded_error", answer: 529 },
  { status: 504, type: "api_error", answer: 502 },
] as const;

const httpErrorCases: FaultCase[] = errorStatuses.flatMap(({ status, type, answer }) => {
  const outcome: FaultOutcome = { kind: "error", status: answer, type };
  return [
    {
      name: `http-${status}-json`,
      what: `HTTP ${status} with a JSON error`,
      reply: { status, body: JSON.stringify({ error: { message: `engine said ${status}`, code: status } }) },
      stream: outcome,
      whole: outcome,
    },
    {
      name: `http-${status}-html`,
      what: `HTTP ${status} with an HTML page`,
      reply: { status, headers: { "content-type": "text/html" }, body: HTML_PAGE },
      stream: outcome,
      whole: outcome,
    },
    {
      name: `http-${status}-garbage`,
      what: `HTTP ${status} with garbage bytes`,
      reply: { status, headers: { "content-type": "application/octet-stream" }, raw: [GARBAGE] },
      stream: outcome,
      whole: outcome,
    },
  ];
});

const upstreamFailed = { kind: "error", status: 502, type: "api_error" } as const;
const streamFailed = { kind: "stream-error", type: "api_error" } as const;
const endTurn = { kind: "message", stopReason: "end_turn" } as const;
const idle = { idle_timeout_ms: String(SMALL_IDLE_TIMEOUT_MS) };

/** The upstream faults of the hardening issue, each with what stream and non-stream clients get. */
export const UPSTREAM_FAULT_CASES: readonly FaultCase[] = [
  { name: "refused", what: "connection refused", stream: upstreamFailed, whole: upstreamFailed },
  ...httpErrorCases,
  {
    name: "http-502-stalled-body",
    what: "HTTP 502 whose body stalls after a few bytes",
    reply: {
      status: 502,
      headers: { "content-type": "text/html" },
      raw: ["<html><body>Bad Gat"],
      stallAfter: 1,
    },
    upstream: idle,
    stream: upstreamFailed,
    whole: upstreamFailed,
    releasesUpstream: true,
  },
  {
    name: "garbage-200",
    what: "200 whose body is garbage (not SSE, not JSON)",
    reply: { headers: { "content-type": "text/plain" }, raw: [GARBAGE] },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "broken-json-200",
    what: "200 whose body is broken JSON",
    reply: { headers: { "content-type": "application/json" }, raw: ['{"choices": [ {"delta": nope'] },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "stall-before-headers",
    what: `stall before headers (idle_timeout_ms ${SMALL_IDLE_TIMEOUT_MS})`,
    reply: { hang: true },
    upstream: idle,
    stream: { kind: "error", status: 504, type: "timeout_error" },
    whole: { kind: "error", status: 504, type: "timeout_error" },
    releasesUpstream: true,
  },
  {
    name: "stall-mid-stream",
    what: `stall mid-stream (idle_timeout_ms ${SMALL_IDLE_TIMEOUT_MS})`,
    reply: { payloads: plainText, stallAfter: 3 },
    upstream: idle,
    stream: { kind: "stream-error", type: "timeout_error" },
    whole: { kind: "error", status: 504, type: "timeout_error" },
    releasesUpstream: true,
  },
  {
    name: "huge-line",
    what: "one 20 MiB SSE line",
    reply: {
      raw: [
        'data: {"choices":[{"index":0,"delta":{"content":"',
        ...Array<string>(HUGE_LINE_PIECES).fill(HUGE_LINE_PIECE),
        '"},"finish_reason":null}]}\n\n',
        sse("[DONE]"),
      ],
    },
    stream: streamFailed,
    whole: upstreamFailed,
    releasesUpstream: true,
  },
  {
    name: "invalid-utf8",
    what: "invalid UTF-8 in a chunk",
    reply: { raw: [invalidUtf8Line(), sse(chatChunk({ finishReason: "stop" })), sse("[DONE]")] },
    stream: { ...endTurn, text: { includes: "\uFFFD" } },
    whole: { ...endTurn, text: { includes: "\uFFFD" } },
  },
  {
    name: "split-utf8",
    what: "multi-byte characters split across reads",
    reply: {
      raw: [...splitInsideCharacters(SPLIT_TEXT), sse(chatChunk({ finishReason: "stop" })), sse("[DONE]")],
      // A pause between writes so each piece arrives in its own read.
      delayMs: (index) => (index > 0 && index < 3 ? 30 : 0),
    },
    stream: { ...endTurn, text: { equals: SPLIT_TEXT } },
    whole: { ...endTurn, text: { equals: SPLIT_TEXT } },
  },
  {
    name: "cut-mid-stream",
    what: "socket closed mid-stream",
    reply: { payloads: plainText, cutAfter: 3 },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "content-after-finish",
    what: "content after finish_reason and after [DONE]",
    reply: {
      payloads: [
        chatChunk({ content: "Before." }),
        chatChunk({ finishReason: "stop" }),
        chatChunk({ content: " After finish." }),
        "[DONE]",
        chatChunk({ content: " After done." }),
        "[DONE]",
      ],
    },
    stream: { ...endTurn, text: { includes: "Before.", excludes: "After done" } },
    whole: { ...endTurn, text: { includes: "Before.", excludes: "After done" } },
  },
  {
    name: "error-chunk",
    what: "an SSE error chunk mid-stream",
    reply: { payloads: readChunks("error-chunk-mid-stream") },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "error-event",
    what: "a proxy's `event: error` mid-stream",
    reply: {
      raw: [
        sse(chatChunk({ content: "Partial" })),
        'event: error\ndata: {"error":{"message":"proxy gave up"}}\n\n',
      ],
    },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "error-field",
    what: "llama.cpp's `error:` SSE field",
    reply: { raw: ['error: {"code":500,"message":"llama crashed","type":"server_error"}\n\n'] },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "error-json-200",
    what: 'a JSON {"error":…} body with status 200',
    reply: {
      body: JSON.stringify({ error: { message: "engine is dead", type: "InternalServerError", code: 500 } }),
    },
    stream: streamFailed,
    whole: upstreamFailed,
  },
  {
    name: "error-json-200-bad-request",
    what: "vLLM's flat error body (code 400) with status 200",
    reply: {
      body: JSON.stringify({ object: "error", message: "bad sampling", type: "BadRequestError", code: 400 }),
    },
    stream: { kind: "stream-error", type: "invalid_request_error" },
    whole: { kind: "error", status: 400, type: "invalid_request_error" },
  },
  {
    name: "no-done-after-finish",
    what: "a body that ends without [DONE] after finish_reason",
    reply: { payloads: plainText.filter((payload) => payload !== "[DONE]") },
    stream: endTurn,
    whole: endTurn,
  },
  {
    name: "no-done-no-finish",
    what: "a body that ends without [DONE] or finish_reason",
    reply: { payloads: plainText.slice(0, 5) },
    stream: streamFailed,
    whole: upstreamFailed,
  },
];
