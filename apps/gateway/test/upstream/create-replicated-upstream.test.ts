import { describe, expect, it } from "vitest";
import { createGatewayLogger } from "../../src/server/observe/create-gateway-logger";
import { createReplicatedUpstream } from "../../src/upstream/create-replicated-upstream";
import { mapUpstreamFailure } from "../../src/upstream/map-upstream-error";
import type { UpstreamResponse } from "../../src/upstream/upstream";
import { UpstreamAbortError } from "../../src/upstream/upstream-abort-error";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";
import { UpstreamUnreachableError } from "../../src/upstream/upstream-unreachable-error";
import {
  answering,
  type FakeBody,
  type FakeReplica,
  fakeReplica,
  readAll,
  refusing,
  timingOut,
  unknownHost,
  waitingForAbort,
} from "./fake-replica";

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly upstreamUrl?: string;
  readonly upstreamStatus?: number;
  readonly nextUrl?: string;
  readonly cooldownMs?: number;
  readonly message?: string;
}

/** A replicated upstream over `replicas`, on a clock the test moves, logging into memory. */
function setup(replicas: FakeReplica[], secrets: string[] = []) {
  let now = 1_000;
  const lines: string[] = [];
  const logger = createGatewayLogger({ destination: { write: (line: string) => void lines.push(line) } });
  const upstream = createReplicatedUpstream({ replicas, logger, secrets, health: { now: () => now } });
  return {
    upstream,
    advance: (ms: number) => {
      now += ms;
    },
    log: (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine),
    send: (signal: AbortSignal = new AbortController().signal) =>
      upstream.send({ body: { model: "m" }, signal }),
  };
}

/** Sends and reads the whole body, so the call is no longer in flight; says which replica answered. */
async function served(send: () => Promise<UpstreamResponse>): Promise<string | undefined> {
  const response = await send();
  await readAll(response.body);
  return response.url;
}

describe("createReplicatedUpstream: choosing a replica", () => {
  it("sends to the least busy replica: an open stream counts until its body ends", async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = fakeReplica("a", answering(200, ["data: a\n\n"], { until: held }));
    const b = fakeReplica("b", answering(200, ["data: b\n\n"]));
    const { send } = setup([a, b]);

    const open = await send();
    expect(open.url).toBe(a.url);
    // a holds a stream: b serves, even where the round-robin says a.
    expect(await served(send)).toBe(b.url);
    expect(await served(send)).toBe(b.url);
    expect(await served(send)).toBe(b.url);
    release();
    await readAll(open.body);
    // Both idle again: the turn decides, and a gets its share back.
    const next = [await served(send), await served(send)];
    expect(next).toContain(a.url);
  });

  it("counts a stream given up before its end (return()) as over", async () => {
    const a = fakeReplica(
      "a",
      answering(200, ["data: a\n\n", "data: more\n\n"], { until: new Promise(() => undefined) }),
    );
    const b = fakeReplica("b", answering(200));
    const { send } = setup([a, b]);
    const open = await send();
    expect(open.url).toBe(a.url);
    a.answer = answering(200);
    await open.body[Symbol.asyncIterator]().return?.();
    // a is idle again, and its turn comes back: b, then a.
    expect([await served(send), await served(send)]).toEqual([b.url, a.url]);
  });

  it("spreads sequential requests over idle replicas round-robin", async () => {
    const replicas = ["a", "b", "c"].map((name) => fakeReplica(name, answering(200)));
    const { send } = setup(replicas);
    for (let index = 0; index < 9; index++) await served(send);
    expect(replicas.map((replica) => replica.calls)).toEqual([3, 3, 3]);
  });

  it("asks an available replica for /tokenize, not one cooling down", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(200));
    const { upstream, send } = setup([a, b]);
    for (let index = 0; index < 6; index++) await served(send);
    expect(a.calls).toBe(3);
    for (let index = 0; index < 4; index++) {
      expect(await upstream.tokenize?.({ model: "m", messages: [] }, new AbortController().signal)).toBe(7);
    }
    expect(a.tokenizeCalls).toBe(0);
    expect(b.tokenizeCalls).toBe(4);
  });
});

describe("createReplicatedUpstream: failing over before the first byte", () => {
  it("moves a refused connection on to the next replica and logs it at warn", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(200, ["data: b\n\n"]));
    const { send, log } = setup([a, b]);
    const response = await send();
    expect(response.status).toBe(200);
    expect(response.url).toBe(b.url);
    expect(await readAll(response.body)).toBe("data: b\n\n");
    expect(a.calls).toBe(1);
    expect(log()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "upstream replica failed, trying next",
        upstreamUrl: a.url,
        nextUrl: b.url,
        message: expect.stringContaining("ECONNREFUSED"),
      }),
    ]);
  });

  it("moves a timeout before the headers on to the next replica", async () => {
    const a = fakeReplica("a", timingOut);
    const b = fakeReplica("b", answering(200));
    const { send } = setup([a, b]);
    expect(await served(send)).toBe(b.url);
    expect(a.calls).toBe(1);
  });

  it.each([500, 502, 503, 429])(
    "moves an HTTP %i on, after reading and dropping its body",
    async (status) => {
      const bodies: FakeBody[] = [];
      const a = fakeReplica(
        "a",
        answering(status, ['{"error":"busy"}'], { onBody: (body) => bodies.push(body) }),
      );
      const b = fakeReplica("b", answering(200));
      const { send, log } = setup([a, b]);
      expect(await served(send)).toBe(b.url);
      expect(bodies[0]?.finished).toBe(true);
      expect(log()[0]).toMatchObject({ msg: "upstream replica failed, trying next", upstreamStatus: status });
    },
  );

  it.each([400, 401, 404])(
    "returns an HTTP %i as it is: a bad request is bad on every replica",
    async (status) => {
      const a = fakeReplica("a", answering(status, ['{"error":"no"}']));
      const b = fakeReplica("b", answering(status, ['{"error":"no"}']));
      const { send, log } = setup([a, b]);
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.url).toBe(a.url);
      expect(await readAll(response.body)).toBe('{"error":"no"}');
      expect(b.calls).toBe(0);
      expect(log()).toEqual([]);
    },
  );

  it("gives the caller the last failure when every replica fails, each tried once", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(503, ['{"error":"busy"}']));
    const c = fakeReplica("c", timingOut);
    const { send } = setup([a, b, c]);
    const failure = await send().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamTimeoutError);
    expect((failure as UpstreamTimeoutError).url).toBe(c.url);
    expect([a.calls, b.calls, c.calls]).toEqual([1, 1, 1]);
  });

  it("reports an upstream unreachable only when no replica could be connected to, naming each", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", unknownHost);
    const { send } = setup([a, b]);
    const failure = await send().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamUnreachableError);
    expect((failure as UpstreamUnreachableError).failures).toEqual([
      { url: a.url, code: "ECONNREFUSED" },
      { url: b.url, code: "ENOTFOUND" },
    ]);
    expect(mapUpstreamFailure(failure)).toMatchObject({ reason: "upstream_unreachable", retry: false });
  });

  it("keeps a refusal retryable when another replica was up (it answered 503)", async () => {
    const a = fakeReplica("a", answering(503, ['{"error":"busy"}']));
    const b = fakeReplica("b", refusing);
    const { send } = setup([a, b]);
    const failure = await send().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamConnectionError);
    expect(failure).not.toBeInstanceOf(UpstreamUnreachableError);
    expect(mapUpstreamFailure(failure)).toMatchObject({ reason: "upstream_failed", retry: true });
    expect((failure as UpstreamConnectionError).url).toBe(b.url);
  });

  it("hands over the last replica's 5xx unread, naming it, so the caller maps it as today", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(500, ['{"error":"boom"}']));
    const { send } = setup([a, b]);
    const response = await send();
    expect(response.status).toBe(500);
    expect(response.url).toBe(b.url);
    expect(await readAll(response.body)).toBe('{"error":"boom"}');
  });

  it("never retries once a 200's headers arrived: a cut mid-stream reaches the caller", async () => {
    const a = fakeReplica("a", answering(200, ["data: first\n\n"], { failAfter: 1 }));
    const b = fakeReplica("b", answering(200));
    const { send } = setup([a, b]);
    const response = await send();
    expect(response.url).toBe(a.url);
    await expect(readAll(response.body)).rejects.toBeInstanceOf(UpstreamConnectionError);
    expect(b.calls).toBe(0);
  });

  it("scrubs the model's secrets from what the failover line quotes", async () => {
    const a = fakeReplica("a", answering(503, ['{"error":{"message":"bad key sk-replica-secret-42"}}']));
    const b = fakeReplica("b", answering(200));
    const { send, log } = setup([a, b], ["sk-replica-secret-42"]);
    await served(send);
    expect(JSON.stringify(log())).not.toContain("sk-replica-secret-42");
  });
});

describe("createReplicatedUpstream: client aborts", () => {
  it("stops at a client abort, tries no other replica, and never counts it against the replica", async () => {
    const a = fakeReplica("a", waitingForAbort);
    const b = fakeReplica("b", waitingForAbort);
    const { send, log } = setup([a, b]);
    for (let index = 0; index < 8; index++) {
      const client = new AbortController();
      const sent = send(client.signal);
      client.abort();
      await expect(sent).rejects.toBeInstanceOf(UpstreamAbortError);
    }
    expect(a.calls + b.calls).toBe(8);
    expect(log()).toEqual([]);
    // Still closed: the round-robin keeps alternating between them.
    a.answer = answering(200);
    b.answer = answering(200);
    expect([await served(send), await served(send)]).toEqual([a.url, b.url]);
  });
});

describe("createReplicatedUpstream: cooldown", () => {
  it("skips a replica after 3 failures in a row for 10 s, then one request probes it back", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(200));
    const { send, advance, log } = setup([a, b]);
    // The round-robin puts a first every other request: 6 requests, 3 failures.
    for (let index = 0; index < 6; index++) expect(await served(send)).toBe(b.url);
    expect(a.calls).toBe(3);
    expect(log().filter((line) => line.msg === "upstream replica cooling down")).toEqual([
      expect.objectContaining({ level: 40, upstreamUrl: a.url, cooldownMs: 10_000 }),
    ]);

    for (let index = 0; index < 4; index++) await served(send);
    advance(9_999);
    for (let index = 0; index < 4; index++) await served(send);
    expect(a.calls).toBe(3);

    advance(1);
    a.answer = answering(200);
    const urls = [await served(send), await served(send)];
    expect(urls).toContain(a.url);
    expect(log().filter((line) => line.msg === "upstream replica back")).toEqual([
      expect.objectContaining({ level: 40, upstreamUrl: a.url }),
    ]);
    // Closed again: it gets its share.
    for (let index = 0; index < 4; index++) await served(send);
    expect(a.calls).toBe(3 + 3);
  });

  it("lets only one request probe a cooled replica, and doubles the cooldown when the probe fails", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(200));
    const { send, advance, log } = setup([a, b]);
    for (let index = 0; index < 6; index++) await served(send);
    advance(10_000);

    // The probe hangs: while it does, no other request is sent to a.
    let fail = (): void => undefined;
    a.answer = (_request, replica) =>
      new Promise((_resolve, reject) => {
        fail = () => reject(new UpstreamConnectionError("refused", "ECONNREFUSED", { url: replica.url }));
      });
    const probe = send();
    await Promise.resolve();
    for (let index = 0; index < 4; index++) expect(await served(send)).toBe(b.url);
    expect(a.calls).toBe(4);
    fail();
    expect(await served(() => probe)).toBe(b.url);

    const cooldowns = log()
      .filter((line) => line.msg === "upstream replica cooling down")
      .map((line) => line.cooldownMs);
    expect(cooldowns).toEqual([10_000, 20_000]);
    a.answer = answering(200);
    advance(19_999);
    for (let index = 0; index < 4; index++) await served(send);
    expect(a.calls).toBe(4);
    advance(1);
    for (let index = 0; index < 2; index++) await served(send);
    expect(a.calls).toBe(5);
  });

  it("caps the doubling at 60 s", async () => {
    const a = fakeReplica("a", refusing);
    const b = fakeReplica("b", answering(200));
    const { send, advance, log } = setup([a, b]);
    for (let index = 0; index < 6; index++) await served(send);
    for (let round = 0; round < 4; round++) {
      advance(60_000);
      for (let index = 0; index < 2; index++) await served(send);
    }
    const cooldowns = log()
      .filter((line) => line.msg === "upstream replica cooling down")
      .map((line) => line.cooldownMs);
    expect(cooldowns).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it("still tries replicas that are all cooling down, the least recently failed first", async () => {
    const order: string[] = [];
    const clock = { advance: (_ms: number): void => undefined };
    // Each failure takes a millisecond, so the two replicas' last failures are apart.
    const failing = (name: string) =>
      fakeReplica(name, async (_request, replica) => {
        order.push(name);
        clock.advance(1);
        throw new UpstreamConnectionError("refused", "ECONNREFUSED", { url: replica.url });
      });
    const a = failing("a");
    const b = failing("b");
    const { send, advance } = setup([a, b]);
    clock.advance = advance;
    const fails = async (): Promise<void> => {
      await expect(send()).rejects.toBeInstanceOf(UpstreamConnectionError);
    };
    // a, b / b, a / a, b: both cool down, b failing last.
    for (let index = 0; index < 3; index++) await fails();
    order.length = 0;
    // Whatever the turn says, a (failed earlier) goes first; the request is still tried, not refused.
    await fails();
    expect(order).toEqual(["a", "b"]);
  });
});
