import { readBoundedText } from "../upstream/read-bounded-text";
import { type GatewayModel, readGatewayModels } from "./read-gateway-models";

/** What answers at the config's address. */
export type RunningGateway =
  /** Nothing: no connection (or no answer in time). */
  | { readonly kind: "none" }
  /** A server that is not a Sluice gateway (another program on the port), in a few words. */
  | { readonly kind: "other"; readonly what: string }
  /** A Sluice gateway that refused the token. */
  | { readonly kind: "refused-token" }
  | { readonly kind: "sluice"; readonly models: readonly GatewayModel[] };

/** Long enough for a busy gateway on this machine; short enough that a stalled port does not hold the start. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether a Sluice gateway listens at `origin`: `GET /health` answers `{"status":"ok"}` and `GET /v1/models`
 * lists models `owned_by: "sluice"` (that list is also where each model's context window is read).
 * A 401 from a server whose /health is right is a gateway with other keys.
 */
export async function findRunningGateway(
  origin: string,
  token: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<RunningGateway> {
  const signal = AbortSignal.timeout(timeoutMs);
  let health: Response;
  try {
    health = await fetch(`${origin}/health`, { signal, redirect: "manual" });
  } catch {
    return { kind: "none" };
  }
  const { text } = await readBoundedText(health.body, 64 * 1024).catch(() => ({ text: "" }));
  if (health.status !== 200 || !isHealthy(text)) {
    return {
      kind: "other",
      what: `GET /health answered HTTP ${health.status}, not Sluice's {"status":"ok"}`,
    };
  }
  try {
    const { status, models } = await readGatewayModels(origin, token, signal);
    if (status === 401) return { kind: "refused-token" };
    if (models === undefined) {
      return { kind: "other", what: `GET /v1/models answered HTTP ${status} without Sluice's model list` };
    }
    return { kind: "sluice", models };
  } catch {
    return { kind: "other", what: "GET /v1/models did not answer" };
  }
}

function isHealthy(text: string): boolean {
  try {
    return (JSON.parse(text) as { status?: unknown } | null)?.status === "ok";
  } catch {
    return false;
  }
}
