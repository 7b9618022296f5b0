import type { ContextWindow } from "./context-window";

/** One chat-completions call to an OpenAI-compatible model server (or the built-in demo). */
export interface UpstreamRequest {
  /** The translated OpenAI chat request (stream: true). */
  readonly body: Record<string, unknown>;
  /** Aborted when the client disconnects. */
  readonly signal: AbortSignal;
}

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The URL that answered (no query string, no credentials): with replicas, the one chosen. Absent for the demo. */
  readonly url?: string;
  /** The body as it arrives; iterate once. Ends when the upstream closes; throws on network failure/idle timeout. */
  readonly body: AsyncIterable<Uint8Array>;
}

export interface Upstream {
  /**
   * Where chat requests go, as error messages and logs name it (no query string, no credentials); absent
   * for the demo and for replicas, whose responses and failures name the replica called (`UpstreamResponse.url`,
   * `upstreamUrlOf`).
   */
  readonly url?: string;
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** POST /tokenize when the server has it (vLLM); undefined when it does not (404/405/501/network). */
  tokenize?(body: Record<string, unknown>, signal: AbortSignal): Promise<number | undefined>;
  /**
   * The context window the server serves `model` (`upstream.model`) with, asked at start and on reload
   * (`learnContextWindow`); undefined when it does not say. `signal` bounds the asking.
   */
  contextWindow?(model: string, signal: AbortSignal): Promise<ContextWindow | undefined>;
  /** Each replica's health now (the console's models page); absent for one upstream, which keeps none. */
  replicas?(): readonly ReplicaState[];
}

/** One replica of a `base_url` list as the console shows it. */
export interface ReplicaState {
  readonly url: string | undefined;
  readonly health: "serving" | "cooling" | "probing";
  readonly inFlight: number;
  readonly failures: number;
  readonly cooldownMsLeft: number;
}
