import { collectDefaultMetrics, Registry } from "prom-client";

let shared: Registry | undefined;

/**
 * prom-client's default process metrics (CPU, memory, heap, event loop lag, GC, handles), collected ONCE
 * per process and merged into every gateway's registry. They describe the process, not a gateway; and each
 * collection starts an event-loop-delay monitor and a GC observer that are never stopped, so one per
 * gateway would pile up wherever a process starts several (the tests do).
 */
export function processMetrics(): Registry {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
