import type { ThinkingKwarg } from "./presets";

/** The validated config, with defaults applied (docs/config.md §1). YAML keys are snake_case. */
export interface Config {
  readonly server: ServerConfig;
  readonly models: readonly ModelConfig[];
  /** Things that work but are probably not what was meant (a base_url without /v1, a shadowed alias), each with its path. */
  readonly warnings: readonly string[];
}

export interface ServerConfig {
  /** Default `127.0.0.1`. */
  readonly host: string;
  /** Default 8080; 0 picks a free port. */
  readonly port: number;
  /** `server.api_keys` plus `SLUICE_API_KEYS`; empty means no auth. */
  readonly apiKeys: readonly string[];
  /** Default 32 MiB; larger bodies get 413. */
  readonly maxBodyBytes: number;
  /** Default 256 MiB: request bodies and held answers at once, all connections together; past it, 529. */
  readonly maxInflightBodyBytes: number;
  /**
   * Default 16 MiB: the text, thinking and tool arguments of one answer the gateway holds whole (a
   * `stream: false` answer, a `/v1/responses` stream); past it the answer fails and the upstream is cut.
   */
  readonly maxAnswerBytes: number;
  /** Default 30000: how long SIGTERM lets open streams finish before ending them with an `error` event. */
  readonly drainTimeoutMs: number;
  /** Absent: recording is off. One file per exchange is written here (docs/config.md, "Recording"). */
  readonly recordDir?: string;
  /** Default 8 MiB: upstream bytes recorded per exchange; past it the file stops and says it was truncated. */
  readonly recordMaxBytes: number;
  /** Default false: GET /console and its API (docs/config.md, "The console"); off, no exchange is kept in memory. */
  readonly console: boolean;
  /** Default 1000: exchanges the console's ring holds; the oldest go first. */
  readonly consoleMaxExchanges: number;
  /** Default 64 MiB: what the ring's exchanges take at most, as their record files would (the oldest go first). */
  readonly consoleMaxBytes: number;
  /**
   * Default 1: gateway processes serving the one port (docs/deployment.md, "Workers"); `auto` in the file means
   * one per core available (`os.availableParallelism()`).
   */
  readonly workers: number;
}

export type ThinkingPolicy = "request" | "on" | "off";

export type ReasoningField = "reasoning" | "reasoning_content";

export interface ModelConfig {
  /** The model id clients send. */
  readonly name: string;
  /** Glob patterns (`*`, `?`) routed to this model; empty when none. */
  readonly aliases: readonly string[];
  readonly preset?: string;
  /** Overrides the preset's reasoning parser; `none` = no reasoning dialect. */
  readonly reasoningParser?: string;
  /** Overrides the preset's tool parser; `none` = no tool dialect. */
  readonly toolParser?: string;
  /** Default `request`: follow the client's `thinking.type`. */
  readonly thinking: ThinkingPolicy;
  /** The template switch; absent: the preset's, else the reasoning dialect's family default. `none`: no switch. */
  readonly thinkingKwarg?: ThinkingKwarg | "none";
  /** Client `max_tokens` is clamped to this. */
  readonly maxOutputTokens?: number;
  /** The context window set by hand: the server is not asked (docs/config.md, "The context window"). */
  readonly contextWindow?: number;
  readonly upstream: UpstreamConfig;
}

export interface UpstreamConfig {
  /**
   * OpenAI-compatible base URLs without a trailing slash, one per replica (docs/config.md §1 `base_url`),
   * or the single entry `demo` for the built-in demo upstream. Never empty.
   */
  readonly baseUrls: readonly [string, ...string[]];
  /** The upstream model id; default: the model's `name`. */
  readonly model: string;
  readonly apiKey?: string;
  /** Whole request. */
  readonly timeoutMs?: number;
  /** Silence between upstream chunks. */
  readonly idleTimeoutMs?: number;
  /** Where past thinking goes in assistant messages; default `reasoning` (vLLM today). */
  readonly reasoningField: ReasoningField;
  /** Deep-merged into every upstream request body after translation; the config wins. */
  readonly extraBody?: Readonly<Record<string, unknown>>;
  /** Sent with every upstream request (values already `${VAR}`-expanded). */
  readonly headers?: Readonly<Record<string, string>>;
}

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 8080;
export const DEFAULT_MAX_BODY_BYTES = 33_554_432;
export const DEFAULT_MAX_INFLIGHT_BODY_BYTES = 268_435_456;
export const DEFAULT_MAX_ANSWER_BYTES = 16_777_216;
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;
export const DEFAULT_RECORD_MAX_BYTES = 8_388_608;
export const DEFAULT_CONSOLE_MAX_EXCHANGES = 1000;
export const DEFAULT_CONSOLE_MAX_BYTES = 67_108_864;
/** More processes than this on one box is a config mistake (scale pods instead, docs/deployment.md). */
export const MAX_WORKERS = 64;
