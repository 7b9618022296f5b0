/** The cooldown rules of docs/config.md §1 (`base_url` replicas), in one place. */
export interface ReplicaHealthOptions {
  /** Consecutive failures that put a replica in cooldown. */
  readonly failuresBeforeCooldown: number;
  /** The first cooldown; each failure while it still fails doubles it, up to `maxCooldownMs`. */
  readonly cooldownMs: number;
  readonly maxCooldownMs: number;
  /** Milliseconds on a monotonic clock. */
  readonly now: () => number;
}

export const DEFAULT_REPLICA_HEALTH: Omit<ReplicaHealthOptions, "now"> = {
  failuresBeforeCooldown: 3,
  cooldownMs: 10_000,
  maxCooldownMs: 60_000,
};

/** One call's outcome, told once: the first of these counts and the rest are ignored. */
export interface ReplicaCall {
  /** The replica answered (any status that is not failed over). True when it was cooling down: it is back. */
  succeeded(): boolean;
  /** Refused, timed out, or a failed-over status. The cooldown it now starts, if it starts one. */
  failed(): number | undefined;
  /** Ended without telling anything about the replica (the client went away). */
  abandoned(): void;
}

/**
 * Whether a replica should get requests. Closed: it serves. After `failuresBeforeCooldown` failures in a
 * row it is skipped until the cooldown ends; then one call (half-open) tries it: success closes it again,
 * failure starts a cooldown twice as long (capped). No timer runs: the state is read when a request comes.
 */
export interface ReplicaHealth {
  /** May take a call now: not cooling down, and no half-open call already trying it. */
  available(): boolean;
  /** When it last failed on `now`'s clock (-Infinity when never): cooling replicas go least recent first. */
  readonly lastFailureAt: number;
  /** A call starts on this replica (also when every replica is cooling and it is tried anyway). */
  begin(): ReplicaCall;
  /** What the console's models page shows: failures in a row, and the cooldown left now (0: none). */
  state(): { readonly failures: number; readonly cooldownMsLeft: number; readonly probing: boolean };
}

export function createReplicaHealth(options: ReplicaHealthOptions): ReplicaHealth {
  let failures = 0;
  let cooldownUntil = Number.NEGATIVE_INFINITY;
  let nextCooldownMs = options.cooldownMs;
  let probing = false;
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  const tripped = (): boolean => failures >= options.failuresBeforeCooldown;

  return {
    available: () => !tripped() || (options.now() >= cooldownUntil && !probing),
    get lastFailureAt() {
      return lastFailureAt;
    },
    state() {
      const left = tripped() ? Math.max(0, cooldownUntil - options.now()) : 0;
      return { failures, cooldownMsLeft: Math.round(left), probing };
    },
    begin() {
      // The first call after the cooldown is the probe; until it ends, others keep skipping the replica.
      const probe = tripped() && !probing && options.now() >= cooldownUntil;
      if (probe) probing = true;
      let settled = false;
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        if (probe) probing = false;
        return true;
      };
      return {
        succeeded() {
          if (!settle()) return false;
          const wasTripped = tripped();
          failures = 0;
          cooldownUntil = Number.NEGATIVE_INFINITY;
          nextCooldownMs = options.cooldownMs;
          return wasTripped;
        },
        failed() {
          if (!settle()) return undefined;
          failures += 1;
          lastFailureAt = options.now();
          if (!tripped()) return undefined;
          const cooldownMs = nextCooldownMs;
          cooldownUntil = lastFailureAt + cooldownMs;
          nextCooldownMs = Math.min(cooldownMs * 2, options.maxCooldownMs);
          return cooldownMs;
        },
        abandoned() {
          settle();
        },
      };
    },
  };
}
