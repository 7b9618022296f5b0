/**
 * The bytes of request bodies being read at once, across every connection (`server.max_inflight_body_bytes`):
 * without it, sixty concurrent 31 MiB bodies took 8.5 GB. A body reserves each chunk as it arrives and
 * releases everything once parsed (or abandoned).
 */
export interface BodyBudget {
  /** Reserves `bytes`; false (nothing reserved) when that would pass the limit. */
  tryReserve(bytes: number): boolean;
  release(bytes: number): void;
  /** Bytes reserved now (for tests and the log). */
  readonly inUse: number;
}

/** `limit` is read on every reservation, so a reload's new value applies at once. */
export function createBodyBudget(limit: () => number): BodyBudget {
  let inUse = 0;
  return {
    tryReserve(bytes) {
      if (inUse + bytes > limit()) return false;
      inUse += bytes;
      return true;
    },
    release(bytes) {
      inUse = Math.max(0, inUse - bytes);
    },
    get inUse() {
      return inUse;
    },
  };
}
