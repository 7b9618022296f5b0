import type { ScriptedUpstream } from "../test/server/scripted-upstream";
import { within } from "../test/server/wait-until";

export interface AbandonedStreamsResult {
  readonly opened: number;
  /** Upstream sockets closed within the bound after their clients left. */
  readonly upstreamClosed: number;
  /** From the last client leaving to the last upstream socket closing, in ms. */
  readonly closedWithinMs: number;
  readonly problems: readonly string[];
}

const CLOSE_BOUND_MS = 5_000;

/**
 * `count` clients open a stream on a model that never ends and hang up after its first bytes: every
 * upstream request must be aborted (its socket closed) so the model server frees its KV cache.
 */
export async function runAbandonedStreams(
  origin: string,
  upstream: ScriptedUpstream,
  model: string,
  count: number,
): Promise<AbandonedStreamsResult> {
  const problems: string[] = [];
  const body = JSON.stringify({
    model,
    max_tokens: 4096,
    stream: true,
    messages: [{ role: "user", content: "Write forever." }],
  });
  const before = upstream.requestsFor(model).length;
  await Promise.all(
    Array.from({ length: count }, async () => {
      const controller = new AbortController();
      try {
        const response = await fetch(`${origin}/v1/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(30_000)]),
        });
        const reader = response.body?.getReader();
        await reader?.read();
        controller.abort();
        await reader?.cancel().catch(() => undefined);
      } catch (error) {
        if (!controller.signal.aborted) problems.push(error instanceof Error ? error.message : String(error));
      }
    }),
  );
  const left = Date.now();
  const requests = upstream.requestsFor(model).slice(before);
  if (requests.length !== count) problems.push(`the upstream saw ${requests.length} of ${count} requests`);
  let upstreamClosed = 0;
  await within(
    Promise.all(requests.map((request) => request.socketClosed.then(() => upstreamClosed++))),
    CLOSE_BOUND_MS,
    "every abandoned upstream socket closing",
  ).catch((error: Error) => problems.push(`${error.message} (${upstreamClosed} of ${requests.length})`));
  return { opened: count, upstreamClosed, closedWithinMs: Date.now() - left, problems };
}
