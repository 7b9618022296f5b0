import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltCli, jsonLogLines, killStartedClis, LISTENING, startCli } from "../cli/built-cli";
import { keepAliveClient } from "./keep-alive-client";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, parseSseText, post, startTestGateway } from "./test-gateway";
import { waitUntil, within } from "./wait-until";

let upstream: ScriptedUpstream;
let directory: string;
// A `held` stream stops after its first chunks until the test lets it finish (`releaseHeld`), so the
// drain is still going while the test looks at it, however slow the machine.
let releaseHeld: () => void = () => undefined;
let held: Promise<void> = Promise.resolve();
function holdStreams(): void {
  held = new Promise((resolve) => {
    releaseHeld = resolve;
  });
}
// Generous for a loaded machine: each wait is for something that happens at once, or never (a hang).
const HANG_MS = 30_000;
// Node closes an idle keep-alive connection after 5 s by default; ten minutes here, so a close() that
// waited for one would hang instead of taking a few seconds.
const LONG_KEEP_ALIVE_MS = 600_000;

beforeAll(async () => {
  await ensureBuiltCli();
  const plainText = readChunks("plain-text");
  // plain-text is 10 chunks: 60 ms apart, a stream lasts about 600 ms.
  upstream = await startScriptedUpstream((request) =>
    request.body.model === "held"
      ? { payloads: plainText, holdBefore: (index) => (index === 3 ? held : undefined) }
      : { payloads: plainText, delayMs: () => 60 },
  );
  directory = mkdtempSync(join(tmpdir(), "sluice-ready-"));
}, 150_000);

afterAll(async () => {
  killStartedClis();
  await upstream?.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

/** Resolves with the error code of a new TCP connection to `origin` (undefined when it connected). */
function connectError(origin: string): Promise<string | undefined> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code));
  });
}

/** Reads an SSE response to its end. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, start: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = start;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

describe("GET /ready and the drain", { timeout: 90_000 }, () => {
  it("answers 503 on open connections while a stream drains, refuses new ones, then closes", async () => {
    holdStreams();
    const gateway = await startTestGateway(`models:\n${modelYaml("held", upstream.baseUrl)}`);
    gateway.gateway.server.keepAliveTimeout = LONG_KEEP_ALIVE_MS;
    const responses: ServerResponse[] = [];
    gateway.gateway.server.on("request", (_, response: ServerResponse) => responses.push(response));
    // Three connections opened before the drain, as a load balancer's health checker keeps them.
    const client = keepAliveClient(gateway.origin, 3);
    try {
      const before = await Promise.all([client.get("/ready"), client.get("/ready"), client.get("/ready")]);
      for (const answer of before) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({ status: "ready" });
      }

      const response = await post(gateway.origin, "/v1/messages", messagesRequest("held", { stream: true }));
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain("event: message_start");

      // Seen from the server: every response (the stream's among them) was written to its end first.
      let finishedWhenClosed: boolean | undefined;
      const closing = gateway.gateway.close().then(() => {
        finishedWhenClosed = responses.every((open) => open.writableFinished);
      });

      const draining = await client.get("/ready");
      expect(draining.reusedSocket).toBe(true);
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body)).toEqual({ status: "draining" });
      expect(draining.headers.connection).toBe("close");

      // New work on a connection opened before: a retryable 529, so the client goes to another replica.
      const refused = await client.post("/v1/messages", messagesRequest("held"));
      expect(refused.reusedSocket).toBe(true);
      expect(refused.status).toBe(529);
      expect(refused.headers["x-should-retry"]).toBe("true");
      expect(JSON.parse(refused.body)).toMatchObject({
        error: { type: "overloaded_error", message: "the gateway is shutting down; retry the request" },
      });

      // No new connection is accepted.
      expect(await connectError(gateway.origin)).toBe("ECONNREFUSED");

      releaseHeld();
      const text = await readRest(reader, first);
      expect(parseSseText(text).events.at(-1)?.type).toBe("message_stop");
      // The third connection is still open and idle: the drain's end closes it, not its keep-alive timeout.
      await within(closing, HANG_MS, "close() once the stream ended");
      expect(finishedWhenClosed).toBe(true);

      const lines = gateway.requestLines();
      expect(lines.filter((line) => line.path === "/ready").map((line) => line.status)).toEqual([
        200, 200, 200, 503,
      ]);
      expect(lines.find((line) => line.path === "/v1/messages" && line.status === 200)).toMatchObject({
        stopReason: "end_turn",
      });
    } finally {
      client.destroy();
      await gateway.close();
    }
  });

  it("closes at once when nothing is open", async () => {
    const gateway = await startTestGateway(`models:\n${modelYaml("slow", upstream.baseUrl)}`);
    gateway.gateway.server.keepAliveTimeout = LONG_KEEP_ALIVE_MS;
    const client = keepAliveClient(gateway.origin, 1);
    try {
      expect((await client.get("/ready")).status).toBe(200);
      // The idle keep-alive connection does not hold the close.
      await within(gateway.gateway.close(), HANG_MS, "close() with only an idle connection");
      expect(await connectError(gateway.origin)).toBe("ECONNREFUSED");
    } finally {
      client.destroy();
    }
  });

  it("SIGHUP then SIGTERM: /ready 200, a reload keeps it 200 and serves the new config, a long stream, /ready 503 during the drain, the stream ends, exit 0", async () => {
    holdStreams();
    const config = join(directory, "ready.yaml");
    writeFileSync(config, `models:\n${modelYaml("slow", upstream.baseUrl)}`);
    const cli = startCli(["serve", "--config", config, "--host", "127.0.0.1", "--port", "0"], {
      cwd: directory,
    });
    await waitUntil(() => LISTENING.test(cli.stdout()), 30_000, "the listening line");
    const origin = LISTENING.exec(cli.stdout())?.[1] as string;
    const client = keepAliveClient(origin, 1);
    try {
      expect((await client.get("/ready")).status).toBe(200);
      // A rolling config change: the new alias serves from the reload on, and readiness never drops.
      writeFileSync(
        config,
        `models:\n${modelYaml("held", upstream.baseUrl, { model: { aliases: '["after-reload"]' } })}`,
      );
      cli.child.kill("SIGHUP");
      await waitUntil(() => cli.stderr().includes('"msg":"reloaded"'), 30_000, "the reloaded line");
      expect((await client.get("/ready")).status).toBe(200);
      const response = await post(origin, "/v1/messages", messagesRequest("after-reload", { stream: true }));
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain("event: message_start");

      cli.child.kill("SIGTERM");
      await waitUntil(() => cli.stderr().includes('"signal":"SIGTERM"'), 30_000, "the draining line");
      const draining = await client.get("/ready");
      expect(draining.reusedSocket).toBe(true);
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body)).toEqual({ status: "draining" });

      releaseHeld();
      const text = await readRest(reader, first);
      expect(parseSseText(text).events.at(-1)?.type).toBe("message_stop");
      expect(await within(cli.exited, HANG_MS, "exit after draining")).toBe(0);
      const lines = jsonLogLines(cli.stderr());
      expect(lines.filter((line) => line.path === "/ready").map((line) => line.status)).toEqual([
        200, 200, 503,
      ]);
      expect(lines.at(-1)?.msg).toBe("stopped");
    } finally {
      client.destroy();
    }
  });
});
