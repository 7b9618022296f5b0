import { positiveInteger } from "../upstream/positive-integer";
import { readBoundedText } from "../upstream/read-bounded-text";
import { modelListEntries } from "./model-list-entries";

/** A model a gateway's `GET /v1/models` lists, with its context window when the gateway learnt it. */
export interface GatewayModel {
  readonly id: string;
  /** `max_model_len`: the upstream's context window in tokens, when known. */
  readonly maxModelLen: number | undefined;
}

/** What `GET /v1/models` answered: its status, and the list when it was Sluice's (every entry `owned_by: "sluice"`). */
export interface GatewayModels {
  readonly status: number;
  /** Undefined: not a Sluice model list (another server, an error). */
  readonly models: readonly GatewayModel[] | undefined;
}

// A gateway's list is a few hundred bytes per model; more than this is not a gateway's.
const MAX_LIST_BYTES = 1024 * 1024;

/** Asks a gateway (or whatever listens at `origin`) for its models, with the client's token. */
export async function readGatewayModels(
  origin: string,
  token: string,
  signal: AbortSignal,
): Promise<GatewayModels> {
  const response = await fetch(`${origin}/v1/models`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    signal,
    redirect: "manual",
  });
  const body = await readBoundedText(response.body, MAX_LIST_BYTES);
  if (response.status !== 200 || !body.complete) return { status: response.status, models: undefined };
  return { status: response.status, models: sluiceModelsOf(body.text) };
}

function sluiceModelsOf(text: string): GatewayModel[] | undefined {
  const data = modelListEntries(text);
  if (data === undefined) return undefined;
  const models: GatewayModel[] = [];
  for (const entry of data) {
    const { id, owned_by, max_model_len } = (entry ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || owned_by !== "sluice") return undefined;
    models.push({ id, maxModelLen: positiveInteger(max_model_len) });
  }
  // A gateway serves one model at least.
  return models.length === 0 ? undefined : models;
}
