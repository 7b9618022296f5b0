import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesRequest, modelYaml, post } from "../server/test-gateway";
import { waitUntil, within } from "../server/wait-until";
import { ensureBuiltCli, killStartedClis, LISTENING, type RunningCli, startCli } from "./built-cli";

let directory: string;
let configPath: string;
// Generous for a loaded machine: a start or an exit that takes this long has hung.
const HANG_MS = 30_000;

beforeAll(async () => {
  await ensureBuiltCli();
  directory = mkdtempSync(join(tmpdir(), "sluice-logs-"));
  configPath = join(directory, "sluice.yaml");
  writeFileSync(configPath, `models:\n${modelYaml("demo-model", "demo")}`);
}, 150_000);

afterAll(() => {
  killStartedClis();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

async function originOf(cli: RunningCli): Promise<string> {
  await waitUntil(() => LISTENING.test(cli.stdout()), HANG_MS, "the listening line");
  return LISTENING.exec(cli.stdout())?.[1] ?? "";
}

/** Requests that each write a log line; all must be answered. */
async function exercise(origin: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
  }
  const reply = await post(origin, "/v1/messages", messagesRequest("demo-model"));
  expect(reply.status).toBe(200);
  await reply.arrayBuffer();
}

// Each case starts a gateway process and waits for its exit (seconds each on a busy 2-core machine).
describe("a log write that fails never takes the gateway down", { timeout: 90_000 }, () => {
  it("keeps serving after stderr's reader closed the pipe (EPIPE), reloads and drains", async () => {
    const cli = startCli(["serve", "--config", configPath, "--port", "0"], { cwd: directory });
    const origin = await originOf(cli);
    cli.child.stderr?.destroy();
    await exercise(origin, 50);
    cli.child.kill("SIGHUP");
    await exercise(origin, 5);
    expect(cli.child.exitCode).toBeNull();
    cli.child.kill("SIGTERM");
    expect(await within(cli.exited, HANG_MS, "exit after draining")).toBe(0);
  });

  it("keeps serving when every log write fails with ENOSPC (stderr on /dev/full)", async () => {
    const full = openSync("/dev/full", "w");
    try {
      const cli = startCli(["serve", "--config", configPath, "--port", "0"], {
        cwd: directory,
        stdio: ["ignore", "pipe", full],
      });
      const origin = await originOf(cli);
      await exercise(origin, 50);
      cli.child.kill("SIGHUP");
      await exercise(origin, 5);
      expect(cli.child.exitCode).toBeNull();
      cli.child.kill("SIGTERM");
      expect(await within(cli.exited, HANG_MS, "exit after draining")).toBe(0);
    } finally {
      closeSync(full);
    }
  });

  it("keeps serving while nobody reads stderr (the log waits, the streams do not)", async () => {
    const cli = startCli(["serve", "--config", configPath, "--port", "0"], { cwd: directory });
    const origin = await originOf(cli);
    cli.child.stderr?.pause();
    // About 240 KB of log lines: more than the pipe and the reading side buffer, so a synchronous
    // write to stderr would block the gateway's event loop here.
    await exercise(origin, 1500);
    const before = cli.stderr().length;
    cli.child.stderr?.resume();
    await waitUntil(() => cli.stderr().length > before, HANG_MS, "the held log lines");
    cli.child.kill("SIGTERM");
    expect(await within(cli.exited, HANG_MS, "exit after draining")).toBe(0);
    expect(cli.stderr()).toContain('"msg":"stopped"');
  });
});

describe("SLUICE_LOG_FORMAT", { timeout: 90_000 }, () => {
  it("pretty: one pino-pretty line per entry, without colours when stderr is no terminal", async () => {
    const cli = startCli(["serve", "--config", configPath, "--port", "0"], {
      cwd: directory,
      env: { SLUICE_LOG_FORMAT: "pretty" },
    });
    const origin = await originOf(cli);
    await exercise(origin, 1);
    cli.child.kill("SIGTERM");
    expect(await within(cli.exited, HANG_MS, "exit")).toBe(0);
    const lines = cli.stderr().trim().split("\n");
    // The config's warnings come first (WARN lines), then the start.
    expect(lines.find((line) => line.includes("INFO: started"))).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: started \{"models":\["demo-model"\]/,
    );
    expect(lines.some((line) => / INFO: request \{.*"path":"\/health"/.test(line))).toBe(true);
    expect(cli.stderr()).not.toContain("\u001b[");
  });
});
