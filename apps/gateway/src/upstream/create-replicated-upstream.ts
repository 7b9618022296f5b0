import type { Logger } from "pino";
import { bodyWithEnd } from "./body-with-end";
import type { ContextWindow } from "./context-window";
import {
  createReplicaHealth,
  DEFAULT_REPLICA_HEALTH,
  type ReplicaCall,
  type ReplicaHealth,
  type ReplicaHealthOptions,
} from "./create-replica-health";
import { mapUpstreamFailure, mapUpstreamHttpError } from "./map-upstream-error";
import { orderReplicas } from "./order-replicas";
import { readUpstreamText } from "./read-upstream-text";
import { smallestWindow } from "./smallest-window";
import type { ReplicaState, Upstream, UpstreamRequest, UpstreamResponse } from "./upstream";
import { UpstreamAbortError } from "./upstream-abort-error";
import { UpstreamConnectionError } from "./upstream-connection-error";
import { type UnreachableUrl, UpstreamUnreachableError } from "./upstream-unreachable-error";

export interface ReplicatedUpstreamOptions {
  /** One upstream per replica, each with its `url` (logs name the replica by it). */
  readonly replicas: readonly Upstream[];
  /** Receives the failover and cooldown lines. */
  readonly logger?: Pick<Logger, "warn">;
  /** The model's key and header values, scrubbed from what the log lines quote of an upstream. */
  readonly secrets?: readonly string[];
  /** Overrides the cooldown rules (tests); default `DEFAULT_REPLICA_HEALTH` and `performance.now`. */
  readonly health?: Partial<ReplicaHealthOptions>;
}

interface Replica {
  readonly upstream: Upstream;
  readonly url: string | undefined;
  readonly health: ReplicaHealth;
  inFlight: number;
}

/**
 * One upstream over several replicas of the same model server (docs/config.md §1 `base_url`). The least
 * busy available replica serves; a failure before the response headers (refused, reset, timeout) or a
 * 5xx / 429 status moves the request to the next, each replica at most once, and the last failure is
 * what the caller gets. Once a 200's headers arrived nothing is retried: the stream has started.
 * Other answers (4xx but 429, 3xx) are returned as they are: a bad request is bad on every replica.
 * When no replica could even be connected to, the failure names them all (`UpstreamUnreachableError`).
 */
export function createReplicatedUpstream(options: ReplicatedUpstreamOptions): Upstream {
  if (options.replicas.length === 0) throw new Error("createReplicatedUpstream needs at least one replica");
  const healthOptions: ReplicaHealthOptions = {
    ...DEFAULT_REPLICA_HEALTH,
    now: () => performance.now(),
    ...options.health,
  };
  const replicas: Replica[] = options.replicas.map((upstream) => ({
    upstream,
    url: upstream.url,
    health: createReplicaHealth(healthOptions),
    inFlight: 0,
  }));
  const secrets = options.secrets ?? [];
  const logger = options.logger;
  // Where the round-robin among equally busy replicas starts for the next request.
  let turn = 0;
  const nextTurn = (): number => {
    const current = turn;
    turn = (turn + 1) % replicas.length;
    return current;
  };

  /** Tells the replica's health and logs what changed; `message` is what a client would have got. */
  const noteFailure = (
    replica: Replica,
    call: ReplicaCall,
    message: string,
    next: Replica | undefined,
    status?: number,
  ): void => {
    const cooldownMs = call.failed();
    const fields = {
      upstreamUrl: replica.url,
      ...(status === undefined ? {} : { upstreamStatus: status }),
      message,
    };
    if (next !== undefined)
      logger?.warn({ ...fields, nextUrl: next.url }, "upstream replica failed, trying next");
    if (cooldownMs !== undefined) logger?.warn({ ...fields, cooldownMs }, "upstream replica cooling down");
  };
  const noteSuccess = (replica: Replica, call: ReplicaCall): void => {
    if (call.succeeded()) logger?.warn({ upstreamUrl: replica.url }, "upstream replica back");
  };
  /** The response as the caller gets it: naming its replica, and in flight until its body is done. */
  const handedOver = (replica: Replica, response: UpstreamResponse): UpstreamResponse => {
    const url = response.url ?? replica.url;
    return {
      status: response.status,
      headers: response.headers,
      ...(url === undefined ? {} : { url }),
      body: bodyWithEnd(response.body, () => {
        replica.inFlight -= 1;
      }),
    };
  };

  return {
    replicas() {
      return replicas.map(({ url, health, inFlight }): ReplicaState => {
        const { failures, cooldownMsLeft, probing } = health.state();
        const state = probing ? "probing" : cooldownMsLeft > 0 ? "cooling" : "serving";
        return { url, health: state, inFlight, failures, cooldownMsLeft };
      });
    },
    async send(request: UpstreamRequest): Promise<UpstreamResponse> {
      const order = orderReplicas(replicas, nextTurn());
      // Every replica refused (or had no known host) so far: then the upstream as a whole is unreachable.
      const unreachable: UnreachableUrl[] = [];
      for (let index = 0; index < order.length; index++) {
        const replica = order[index] as Replica;
        const next = order[index + 1];
        if (request.signal.aborted) throw new UpstreamAbortError();
        const call = replica.health.begin();
        replica.inFlight += 1;
        let response: UpstreamResponse;
        try {
          response = await replica.upstream.send(request);
        } catch (error) {
          replica.inFlight -= 1;
          // The client (or a shutdown) ended it: nothing was learnt about the replica, and nobody waits.
          if (request.signal.aborted || error instanceof UpstreamAbortError) {
            call.abandoned();
            throw error;
          }
          noteFailure(replica, call, mapUpstreamFailure(error, { secrets, url: replica.url }).message, next);
          if (error instanceof UpstreamUnreachableError) unreachable.push(...error.failures);
          if (next === undefined) throw lastFailure(error, unreachable, order.length);
          continue;
        }
        if (!failsOver(response.status)) {
          noteSuccess(replica, call);
          return handedOver(replica, response);
        }
        if (next === undefined) {
          // The last one: its answer is the client's, mapped as a single upstream's would be.
          noteFailure(replica, call, `HTTP ${response.status}`, undefined, response.status);
          return handedOver(replica, response);
        }
        // Read (bounded) and dropped, so the connection can be reused; its words go to the log line.
        const text = await readUpstreamText(response.body).catch(() => "");
        replica.inFlight -= 1;
        if (request.signal.aborted) {
          call.abandoned();
          throw new UpstreamAbortError();
        }
        const mapped = mapUpstreamHttpError(response.status, text, response.headers, {
          secrets,
          url: replica.url,
        });
        noteFailure(replica, call, mapped.message, next, response.status);
      }
      // Unreachable: the last replica returns or throws above, and there is at least one.
      throw new Error("no upstream replica answered");
    },

    async tokenize(body: Record<string, unknown>, signal: AbortSignal): Promise<number | undefined> {
      // A count is cheap and has a fallback (the estimate): the first replica in order answers or not.
      const [replica] = orderReplicas(replicas, nextTurn());
      return replica?.upstream.tokenize?.(body, signal);
    },

    async contextWindow(model: string, signal: AbortSignal): Promise<ContextWindow | undefined> {
      // Every replica is asked: the window that holds wherever a request lands is the smallest.
      const windows = await Promise.all(
        replicas.map((replica) => replica.upstream.contextWindow?.(model, signal)),
      );
      return smallestWindow(windows);
    },
  };
}

/**
 * What the caller gets when the last replica threw: the upstream is unreachable only when every replica
 * was; when another one answered (a 5xx) or timed out, a refusal of the last is an ordinary, retryable
 * connection failure, as it was before.
 */
function lastFailure(error: unknown, unreachable: readonly UnreachableUrl[], replicaCount: number): unknown {
  if (!(error instanceof UpstreamUnreachableError)) return error;
  const [first, ...rest] = unreachable;
  if (unreachable.length === replicaCount && first !== undefined)
    return new UpstreamUnreachableError(error.message, [first, ...rest], { cause: error });
  return new UpstreamConnectionError(error.message, error.code, {
    cause: error,
    ...(error.url === undefined ? {} : { url: error.url }),
  });
}

/** 5xx: this replica failed; 429: this replica is saturated (a rate limit in front of it). Another may serve. */
function failsOver(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}
