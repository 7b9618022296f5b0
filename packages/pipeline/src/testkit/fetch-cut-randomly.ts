import { createRandom } from "@sluice/core/testkit";

/**
 * A `fetch` for an SDK client (Anthropic's or OpenAI's) that answers every request with `body`, its bytes cut
 * into random pieces of 1 to 40: the SDK's stream parser must read an event split anywhere, as the network
 * splits it. The same `seed` cuts the same way, so a failure replays.
 */
export function fetchCutRandomly(
  body: string,
  seed: number,
  init: { readonly status?: number; readonly contentType?: string } = {},
): () => Promise<Response> {
  const bytes = new TextEncoder().encode(body);
  const random = createRandom(seed);
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < bytes.length; ) {
            const size = 1 + Math.floor(random() * 40);
            controller.enqueue(bytes.slice(index, index + size));
            index += size;
          }
          controller.close();
        },
      }),
      {
        status: init.status ?? 200,
        headers: { "content-type": init.contentType ?? "text/event-stream" },
      },
    );
}
