import { setTimeout as sleep } from "node:timers/promises";

/** Polls until `condition` holds; fails with `what` after `ms` instead of hanging. */
export async function waitUntil(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await sleep(10);
  }
}

/** `promise`, or a failure naming `what` when it does not settle within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms, undefined, { ref: false }).then(() => {
      throw new Error(`${what} did not happen within ${ms} ms`);
    }),
  ]);
}
