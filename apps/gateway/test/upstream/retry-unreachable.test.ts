import { describe, expect, it } from "vitest";
import { mapUpstreamFailure } from "../../src/upstream/map-upstream-error";
import { DEFAULT_UNREACHABLE_RETRY, retryUnreachable } from "../../src/upstream/retry-unreachable";
import { UpstreamAbortError } from "../../src/upstream/upstream-abort-error";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamUnreachableError } from "../../src/upstream/upstream-unreachable-error";
import { type Answer, answering, fakeReplica, readAll, refusing, timingOut } from "./fake-replica";

/** Answers with each of `answers` in turn, the last one from then on. */
function inTurn(...answers: Answer[]): Answer {
  let index = 0;
  return (request, replica) => {
    const answer = answers[Math.min(index, answers.length - 1)] as Answer;
    index += 1;
    return answer(request, replica);
  };
}

/** A retry whose waits are recorded and end at once (or when the test says), instead of sleeping. */
function recordedWaits(delaysMs: readonly number[] = DEFAULT_UNREACHABLE_RETRY.delaysMs) {
  const waits: number[] = [];
  return {
    waits,
    retry: {
      delaysMs,
      wait: async (ms: number) => {
        waits.push(ms);
      },
    },
  };
}

const send = (upstream: ReturnType<typeof retryUnreachable>, signal = new AbortController().signal) =>
  upstream.send({ body: { model: "m" }, signal });

describe("retryUnreachable", () => {
  it("tries a refused upstream again after each wait, and returns the first answer", async () => {
    const replica = fakeReplica("a", inTurn(refusing, refusing, answering(200, ["data: ok\n\n"])));
    const { waits, retry } = recordedWaits();
    const response = await send(retryUnreachable(replica, retry));
    expect(response.status).toBe(200);
    expect(await readAll(response.body)).toBe("data: ok\n\n");
    expect(replica.calls).toBe(3);
    expect(waits).toEqual([250, 500]);
  });

  it("gives up after the last wait: a final error saying how often and how long it tried", async () => {
    const replica = fakeReplica("a", refusing);
    const { waits, retry } = recordedWaits();
    const failure = await send(retryUnreachable(replica, retry)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamUnreachableError);
    expect(failure).toMatchObject({ attempts: 4, waitedMs: 1750 });
    expect(replica.calls).toBe(4);
    expect(waits).toEqual([250, 500, 1000]);
    const mapped = mapUpstreamFailure(failure);
    expect(mapped).toMatchObject({ status: 502, retry: false });
    expect(mapped.message).toContain(`${replica.url} refused the connection (ECONNREFUSED)`);
    expect(mapped.message).toContain("tried 4 times over 1.8 s");
  });

  it.each([
    ["a reset (the model may have seen the request)", new UpstreamConnectionError("reset", "ECONNRESET")],
    ["a timeout", undefined],
  ])("does not retry %s", async (_what, error) => {
    const replica = fakeReplica(
      "a",
      error === undefined
        ? timingOut
        : async () => {
            throw error;
          },
    );
    const { waits, retry } = recordedWaits();
    const failure = await send(retryUnreachable(replica, retry)).catch((caught: unknown) => caught);
    if (error !== undefined) expect(failure).toBe(error);
    expect(failure).not.toBeInstanceOf(UpstreamUnreachableError);
    expect(replica.calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it("stops waiting when the client leaves, and calls the upstream no more", async () => {
    const replica = fakeReplica("a", refusing);
    const client = new AbortController();
    let waitStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => {
      waitStarted = resolve;
    });
    const retry = {
      delaysMs: [60_000],
      // Ends only when the signal aborts, as the default wait does.
      wait: (_ms: number, signal: AbortSignal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
          waitStarted();
        }),
    };
    const pending = send(retryUnreachable(replica, retry), client.signal).catch((error: unknown) => error);
    await started;
    client.abort();
    expect(await pending).toBeInstanceOf(UpstreamAbortError);
    expect(replica.calls).toBe(1);
  });

  it("keeps the upstream's url and tokenize", async () => {
    const replica = fakeReplica("a", answering(200));
    const upstream = retryUnreachable(replica, recordedWaits().retry);
    expect(upstream.url).toBe(replica.url);
    expect(await upstream.tokenize?.({ model: "m", messages: [] }, new AbortController().signal)).toBe(7);
  });
});
