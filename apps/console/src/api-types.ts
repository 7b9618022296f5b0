/**
 * The wire shapes of the console's API (docs/config.md, "The console"): what the gateway sends under /console/api and the
 * page reads. One file, imported by both sides, so the two cannot drift.
 *
 * Every /console/api request carries the client key (`x-api-key`, or `authorization: Bearer …`) when
 * `server.api_keys` is set, as the API's routes do; a wrong or missing key gets 401 with an Anthropic error
 * body. The key is never put in a URL, which is why the live list is read with fetch, not EventSource.
 *
 *   GET /console/api/info                  → ConsoleInfo
 *   GET /console/api/stream                → text/event-stream: ConsoleStreamEvent (each with its `event:` line)
 *   GET /console/api/exchanges/{id}        → ExchangeDetail (404 once it left the ring)
 *   GET /console/api/exchanges/{id}/record → the record file (`sluice replay` reads it), as an attachment
 *   GET /console/api/models                → ModelsView
 */

export interface ConsoleInfo {
  /** The gateway's version (package.json). */
  readonly version: string;
  /** When this gateway started (ISO 8601). */
  readonly startedAt: string;
  /** The ring's bounds: `server.console_max_exchanges`, `server.console_max_bytes`. */
  readonly ring: { readonly maxExchanges: number; readonly maxBytes: number };
  /** What the ring holds now. */
  readonly held: { readonly exchanges: number; readonly bytes: number };
}

/** One request as the live list shows it; sent again (same `id`) each time it changes. */
export interface ExchangeSummary {
  /** The request id (`request-id` header, the log line's `requestId`). */
  readonly id: string;
  /** When the request arrived (ISO 8601). */
  readonly time: string;
  readonly method: string;
  /** The path without the query (`/v1/messages`). */
  readonly route: string;
  /** Who sent it, read from the user agent: "Claude Code", "Codex", "Anthropic SDK", "OpenAI SDK", "curl", … */
  readonly client: string;
  /** The client's version when the user agent gives one. */
  readonly clientVersion?: string;
  readonly userAgent?: string;
  /** The model name asked for, and the configured model it resolved to. */
  readonly model?: string;
  readonly servedBy?: string;
  readonly preset?: string;
  /** The chat-completions URL called: with replicas, the one that answered. */
  readonly upstreamUrl?: string;
  readonly upstreamStatus?: number;
  /** "open" while the response is being written; "done" once it closed. */
  readonly state: "open" | "done";
  /** The HTTP status sent (499: the client went away first); absent until the headers went. */
  readonly status?: number;
  readonly stream?: boolean;
  readonly stopReason?: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** From accepting the request to the upstream's first body byte. */
  readonly ttfbMs?: number;
  /** To the response's close; while open, the time so far. */
  readonly durationMs?: number;
  /** Parser and sequencer warnings: how many, and each code once. */
  readonly warnings: number;
  readonly warningCodes: readonly string[];
  /** The error the client got (HTTP body or in-stream `error` event). */
  readonly error?: { readonly type: string; readonly message: string };
  /** Upstream body reads and bytes so far. */
  readonly reads: number;
  readonly bytes: number;
  /** Whether GET /console/api/exchanges/{id} has the exchange (the upstream was called, and it is still held). */
  readonly detail: boolean;
}

/**
 * The live list, on GET /console/api/stream. `snapshot` comes first, once: every exchange held, oldest
 * first. Then `exchange` each time one arrives or changes (upsert by id; an open one at most about twice a
 * second), `evicted` when the ring drops the oldest, `ping` every 15 s of quiet.
 */
export type ConsoleStreamEvent =
  | { readonly event: "snapshot"; readonly data: { readonly exchanges: readonly ExchangeSummary[] } }
  | { readonly event: "exchange"; readonly data: ExchangeSummary }
  | { readonly event: "evicted"; readonly data: { readonly ids: readonly string[] } }
  | { readonly event: "ping"; readonly data: Record<string, never> };

/** Which part of an upstream chunk a piece of the model's text came in (vLLM's and the others' fields). */
export type RawChannel =
  /** `delta.content`: where raw markup (`<think>`, `<tool_call>`, `<parameter=…>`) arrives from a server that does not parse. */
  | "content"
  /** `delta.reasoning_content` / `delta.reasoning`: reasoning a parsing server already split off. */
  | "reasoning"
  /** `delta.tool_calls[].function.name`: a call a parsing server already parsed. */
  | "tool_name"
  /** `delta.tool_calls[].function.arguments`. */
  | "tool_arguments"
  /** Anything else worth showing: an `error` chunk, a body that was not SSE, a finish reason. */
  | "other";

export interface RawPiece {
  readonly channel: RawChannel;
  readonly text: string;
  /** For tool_name / tool_arguments: the upstream's `tool_calls[].index`. */
  readonly call?: number;
}

/** One upstream body read: the model's text it carried, pulled out of the SSE chunks (the raw bytes are in `record`). */
export interface RawRead {
  /** Milliseconds since the upstream call started (the record's `t`). */
  readonly t: number;
  /** Empty for a read that held no model text (a usage chunk, `[DONE]`, half an event). */
  readonly pieces: readonly RawPiece[];
}

export interface ExchangeDetail {
  readonly summary: ExchangeSummary;
  /**
   * The exchange exactly as its record file holds it (scrubbed of secrets like record files), so far for an
   * open one. `record.upstream.reads` are the raw bytes; `record.events` the Anthropic events the
   * transcoder emitted (what a /v1/messages client got, pings aside).
   */
  readonly record: RecordedExchangeView;
  /** Parallel to `record.upstream.reads`: the model's text in each read. */
  readonly reads: readonly RawRead[];
  /**
   * Parallel to `record.events`: the index of the read after which each event was emitted, -1 for events
   * before the first read (message_start). The events of read i are what read i's bytes became: a block's
   * reads are the ones its deltas follow.
   */
  readonly eventReads: readonly number[];
  /** Each parser or sequencer warning, with the read after which it arose (-1: before any, or at the end). */
  readonly warnings: readonly {
    readonly code: string;
    readonly message: string;
    readonly read: number;
  }[];
}

/** The record file's shape (the gateway's `RecordedExchange`, docs/config.md "Recording"), as the page reads it. */
export interface RecordedExchangeView {
  readonly format: "sluice-exchange";
  readonly version: number;
  readonly time: string;
  readonly request_id: string;
  readonly route: string;
  readonly status: number | null;
  readonly truncated: boolean;
  readonly max_bytes: number;
  readonly client: {
    readonly headers: Readonly<Record<string, string | readonly string[]>>;
    readonly body: unknown;
  };
  readonly model: {
    readonly name: string;
    readonly preset: string | null;
    readonly reasoning_parser: string | null;
    readonly tool_parser: string | null;
    readonly thinking_kwarg: string | null;
  };
  readonly transcoder: unknown;
  readonly upstream: {
    readonly url: string | null;
    readonly request: unknown;
    readonly status: number | null;
    readonly error: string | null;
    readonly reads: readonly { readonly t: number; readonly text: string }[];
  };
  /** Anthropic stream events: `message_start`, `content_block_start` / `_delta` / `_stop`, `message_delta`, `message_stop`, `error`. */
  readonly events: readonly AnthropicEventView[];
}

/** An Anthropic stream event, as much of it as the page reads (the record keeps every field). */
export interface AnthropicEventView {
  readonly type: string;
  readonly index?: number;
  readonly content_block?: {
    readonly type: "thinking" | "text" | "tool_use" | string;
    readonly id?: string;
    readonly name?: string;
  };
  readonly delta?: {
    /** Absent on message_delta's delta (it carries stop_reason). */
    readonly type?: "thinking_delta" | "text_delta" | "input_json_delta" | "signature_delta" | string;
    readonly thinking?: string;
    readonly text?: string;
    readonly partial_json?: string;
    readonly signature?: string;
    readonly stop_reason?: string | null;
  };
  readonly error?: { readonly type: string; readonly message: string };
  readonly [field: string]: unknown;
}

/** GET /console/api/models. */
export interface ModelsView {
  readonly now: string;
  /** The charts' step: each series point covers this many milliseconds, oldest first, the last one ending now. */
  readonly stepMs: number;
  readonly models: readonly ModelView[];
}

export interface ModelView {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly preset?: string;
  readonly reasoningParser?: string;
  readonly toolParser?: string;
  /** The chat-template switch thinking is sent with (`enable_thinking`, `thinking`), when the model has one. */
  readonly thinkingKwarg?: string;
  /** The upstream model name sent (`upstream.model`). */
  readonly upstreamModel: string;
  /** The context window requests are fitted into, and where it was learned ("max_model_len in /v1/models", …). */
  readonly contextWindow?: { readonly tokens: number; readonly source: string };
  readonly replicas: readonly ReplicaView[];
  /** Per step, from the gateway's own request metrics (the counters GET /metrics reports). */
  readonly series: {
    readonly requests: readonly number[];
    readonly errors: readonly number[];
    readonly inputTokens: readonly number[];
    readonly outputTokens: readonly number[];
  };
  /** Since the gateway started. */
  readonly totals: {
    readonly requests: number;
    readonly errors: number;
    readonly inputTokens: number;
    readonly outputTokens: number;
  };
}

export interface ReplicaView {
  /** The replica's chat-completions URL; null for the built-in demo. */
  readonly url: string | null;
  /**
   * "serving": takes requests; "cooling": failed repeatedly and is skipped until `cooldownMsLeft` passes;
   * "probing": one request is trying it after a cooldown; "untracked": a model with one upstream (no failover,
   * so no health is kept).
   */
  readonly health: "serving" | "cooling" | "probing" | "untracked";
  /** Requests on it now. */
  readonly inFlight: number;
  /** Failures in a row. */
  readonly failures: number;
  readonly cooldownMsLeft?: number;
}
