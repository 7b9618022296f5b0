import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml } from "../server/test-gateway";
import { waitUntil, within } from "../server/wait-until";
import {
  ensureBuiltCli,
  jsonLogLines,
  killStartedClis,
  LISTENING,
  type RunningCli,
  startCli,
} from "./built-cli";

// docs/deployment.md, "Workers": `server.workers: 2` runs two gateway processes on one port under a primary.

let upstream: ScriptedUpstream;
let heldUpstream: ScriptedUpstream;
let directory: string;
// The stream to `held` stops after its first chunks until released, so it is open across a drain.
let releaseStream: () => void = () => undefined;
const streamReleased = new Promise<void>((resolve) => {
  releaseStream = resolve;
});
// Generous for a loaded machine: a start, a reload or an exit that takes this long has hung.
const HANG_MS = 30_000;

beforeAll(async () => {
  await ensureBuiltCli();
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text") }));
  heldUpstream = await startScriptedUpstream(() => ({
    payloads: readChunks("plain-text"),
    holdBefore: (index) => (index === 3 ? streamReleased : undefined),
  }));
  directory = mkdtempSync(join(tmpdir(), "sluice-workers-"));
}, 150_000);

afterAll(async () => {
  killStartedClis();
  await upstream?.close();
  await heldUpstream?.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One HTTP exchange; without `agent`, on a connection of its own, closed after it (so the primary picks anew). */
function call(origin: string, path: string, options: { agent?: Agent; body?: unknown } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(
      `${origin}${path}`,
      {
        method: body === undefined ? "GET" : "POST",
        agent: options.agent ?? false,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => {
          text += part;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The worker (0 or 1) whose log line has this request id. */
function workerOf(cli: RunningCli, requestId: unknown): unknown {
  return jsonLogLines(cli.stderr()).find((line) => line.msg === "request" && line.requestId === requestId)
    ?.worker;
}

function workerPids(cli: RunningCli): number[] {
  return (jsonLogLines(cli.stderr()).find((line) => line.msg === "started")?.workers ?? []) as number[];
}

const countOf = (metrics: string, series: string): number =>
  Number(new RegExp(`^${series.replace(/[{}"/.]/g, "\\$&")} (\\d+)$`, "m").exec(metrics)?.[1] ?? "0");

describe("server.workers: 2", { timeout: 120_000 }, () => {
  let cli: RunningCli;
  let origin: string;
  const path = () => join(directory, "sluice.yaml");
  const config = (model: string) =>
    `server:\n  port: 0\n  workers: 2\nmodels:\n${modelYaml(model, upstream.baseUrl)}${modelYaml("held", heldUpstream.baseUrl)}`;

  it("serves one port from two workers, with one listening line, and /metrics counts the whole gateway", async () => {
    writeFileSync(path(), config("alpha"));
    cli = startCli(["serve", "--config", path()], { cwd: directory });
    await waitUntil(
      () => cli.stdout().includes("OpenAI clients"),
      HANG_MS,
      "the listening line and the summary",
    );
    origin = LISTENING.exec(cli.stdout())?.[1] ?? "";
    expect(cli.stdout().match(/listening on/g)).toHaveLength(1);
    expect(cli.stdout()).toContain("(2 workers)");
    // Log lines of three processes reach stderr in their own time: wait for each one read.
    await waitUntil(() => workerPids(cli).length === 2, HANG_MS, "the started line");

    // Each on a connection of its own: the primary hands them to the workers in turn.
    const ids: unknown[] = [];
    for (let count = 0; count < 6; count++) {
      const reply = await call(origin, "/v1/messages", { body: messagesRequest("alpha") });
      expect(reply.status).toBe(200);
      ids.push(reply.headers["request-id"]);
    }
    await waitUntil(() => ids.every((id) => workerOf(cli, id) !== undefined), HANG_MS, "the request lines");
    expect(new Set(ids.map((id) => workerOf(cli, id)))).toEqual(new Set([0, 1]));

    // Whichever worker answers the scrape, it reports all six, not its own three.
    for (let scrape = 0; scrape < 2; scrape++) {
      const metrics = await call(origin, "/metrics");
      expect(metrics.status).toBe(200);
      expect(
        countOf(metrics.body, 'sluice_requests_total{model="alpha",route="/v1/messages",status="200"}'),
      ).toBe(6);
    }
  });

  it("reloads every worker on SIGHUP", async () => {
    writeFileSync(path(), config("beta"));
    cli.child.kill("SIGHUP");
    await waitUntil(() => cli.stderr().includes('"msg":"reloaded by every worker"'), HANG_MS, "the reload");
    // Log lines of three processes reach stderr in their own time: wait for both workers' lines.
    const reloaded = () =>
      jsonLogLines(cli.stderr())
        .filter((line) => line.msg === "reloaded")
        .map((line) => line.worker);
    await waitUntil(() => reloaded().length === 2, HANG_MS, "both workers' reload lines");
    expect(reloaded().sort()).toEqual([0, 1]);
    for (let count = 0; count < 4; count++) {
      const models = JSON.parse((await call(origin, "/v1/models")).body) as { data: { id: string }[] };
      expect(models.data.map((entry) => entry.id)).toEqual(["beta", "held"]);
    }
  });

  it("replaces a worker that dies, and serves and stays ready meanwhile", async () => {
    const [first] = workerPids(cli);
    process.kill(first as number, "SIGKILL");
    await waitUntil(() => cli.stderr().includes("worker exited; starting another"), HANG_MS, "the exit line");
    for (let count = 0; count < 3; count++) {
      expect((await call(origin, "/ready")).status).toBe(200);
      expect((await call(origin, "/v1/messages", { body: messagesRequest("beta") })).status).toBe(200);
    }
    await waitUntil(() => cli.stderr().includes('"msg":"worker serving again"'), HANG_MS, "the replacement");
    const ids: unknown[] = [];
    for (let count = 0; count < 4; count++) {
      ids.push((await call(origin, "/v1/messages", { body: messagesRequest("beta") })).headers["request-id"]);
    }
    await waitUntil(() => ids.every((id) => workerOf(cli, id) !== undefined), HANG_MS, "the request lines");
    expect(new Set(ids.map((id) => workerOf(cli, id)))).toEqual(new Set([0, 1]));
  });

  it("answers /ready for the whole gateway from a draining worker, and drains every worker on SIGTERM", async () => {
    const agents: Agent[] = [];
    const connection = () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      return agent;
    };
    const readyOn = async (agent: Agent) => {
      const reply = await call(origin, "/ready", { agent });
      const id = reply.headers["request-id"];
      await waitUntil(() => workerOf(cli, id) !== undefined, HANG_MS, "the /ready line");
      return { status: reply.status, worker: workerOf(cli, id) };
    };

    // A stream held open on a connection whose worker is known, and two idle connections to that worker (a
    // draining gateway closes a connection after its answer).
    const streaming = connection();
    const { worker: held } = await readyOn(streaming);
    const stream = call(origin, "/v1/messages", {
      agent: streaming,
      body: messagesRequest("held", { stream: true }),
    });
    await waitUntil(() => heldUpstream.requestsFor("held").length === 1, HANG_MS, "the held stream");
    const toHeld = async (): Promise<Agent> => {
      for (let attempt = 0; attempt < 6; attempt++) {
        const agent = connection();
        if ((await readyOn(agent)).worker === held) return agent;
      }
      throw new Error("no connection reached the stream's worker");
    };
    const idle = await toHeld();
    const lastIdle = await toHeld();

    // That worker drains on a SIGTERM of its own (its stream keeps it open): it says ready, for the other serves.
    const started = jsonLogLines(cli.stderr());
    const pid = started.findLast(
      (line) => (line.msg === "worker serving again" && line.worker === held) || line.msg === "started",
    );
    const heldPid = (pid?.msg === "started" ? (pid.workers as number[])[held as number] : pid?.pid) as number;
    process.kill(heldPid, "SIGTERM");
    await waitUntil(
      () => jsonLogLines(cli.stderr()).some((line) => line.worker === held && line.why === "SIGTERM"),
      HANG_MS,
      "the worker's drain",
    );
    expect((await readyOn(idle)).status).toBe(200);

    // The whole gateway drains: now no worker serves, the open stream ends whole, and the primary exits 0.
    cli.child.kill("SIGTERM");
    await waitUntil(() => cli.stderr().includes("draining every worker"), HANG_MS, "the drain");
    await waitUntil(
      () =>
        jsonLogLines(cli.stderr()).some((line) => line.why === "the primary drains" && line.worker !== held),
      HANG_MS,
      "the other worker's drain",
    );
    expect((await call(origin, "/ready", { agent: lastIdle })).status).toBe(503);
    releaseStream();
    const streamed = await within(stream, HANG_MS, "the held stream");
    expect(streamed.status).toBe(200);
    expect(streamed.body).toContain("event: message_stop");
    expect(await within(cli.exited, HANG_MS, "exit")).toBe(0);
    for (const agent of agents) agent.destroy();
  });
});
