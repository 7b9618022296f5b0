import type { ReplicaHealth } from "./create-replica-health";

/** What the order needs to know of a replica. */
export interface OrderedReplica {
  /** Calls sent to it whose body has not ended yet. */
  readonly inFlight: number;
  readonly health: ReplicaHealth;
}

/**
 * The order a request tries the replicas in, each once: the available ones least busy first, ties
 * broken round-robin from `turn` (so idle replicas share sequential requests instead of the first
 * taking them all), then the cooling ones, least recently failed first: a request is never refused
 * while some replica might still answer.
 */
export function orderReplicas<Replica extends OrderedReplica>(
  replicas: readonly Replica[],
  turn: number,
): Replica[] {
  const available: Replica[] = [];
  const cooling: Replica[] = [];
  const count = replicas.length;
  for (let offset = 0; offset < count; offset++) {
    const replica = replicas[(turn + offset) % count] as Replica;
    (replica.health.available() ? available : cooling).push(replica);
  }
  // Array.prototype.sort is stable, so equally busy replicas keep their round-robin order.
  available.sort((left, right) => left.inFlight - right.inFlight);
  cooling.sort((left, right) => left.health.lastFailureAt - right.health.lastFailureAt);
  return [...available, ...cooling];
}
