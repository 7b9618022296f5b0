import type { ListeningAddress } from "../../server/create-gateway";
import type { ContextWindow } from "../../upstream/context-window";

/**
 * What the primary of `server.workers` and its workers say to each other over the cluster's IPC channel
 * (docs/deployment.md, "Workers"). Every type is prefixed so that prom-client's own messages on the same channel
 * (`prom-client:getMetricsReq`) are never taken for these.
 */
export type WorkerMessage =
  /** The worker listens (every worker's address is the one port). */
  | { readonly type: "sluice:listening"; readonly address: ListeningAddress }
  /** It could not listen, and exits. */
  | { readonly type: "sluice:failed"; readonly reason: string }
  /** The first worker's servers answered (or not) with their context windows: the primary's summary. */
  | {
      readonly type: "sluice:windows";
      readonly windows: readonly (readonly [string, ContextWindow | undefined])[];
    }
  /** It applied a SIGHUP (`ok`: the new file was valid). */
  | { readonly type: "sluice:reloaded"; readonly ok: boolean }
  /** It stopped taking new connections. */
  | { readonly type: "sluice:draining" }
  /** `GET /metrics` or a `GET /ready` on a draining worker: a question for the primary. */
  | { readonly type: "sluice:ask"; readonly id: number; readonly question: "metrics" | "serving" };

export type PrimaryMessage =
  | { readonly type: "sluice:reload" }
  | { readonly type: "sluice:drain" }
  | { readonly type: "sluice:cut" }
  /** The answer to `sluice:ask`: the whole gateway's metrics text, or whether another worker serves. */
  | {
      readonly type: "sluice:answer";
      readonly id: number;
      readonly metrics?: string;
      readonly serving?: boolean;
      readonly error?: string;
    };

export function isSluiceMessage<Message extends { type: string }>(message: unknown): message is Message {
  return (
    typeof message === "object" &&
    message !== null &&
    typeof (message as { type?: unknown }).type === "string" &&
    (message as { type: string }).type.startsWith("sluice:")
  );
}
