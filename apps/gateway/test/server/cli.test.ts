import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, parseSseText, post } from "./test-gateway";
import { waitUntil, within } from "./wait-until";

const gatewayDirectory = fileURLToPath(new URL("../..", import.meta.url));
const cliPath = join(gatewayDirectory, "dist", "cli.js");

let upstream: ScriptedUpstream;
let directory: string;
const children = new Set<ChildProcess>();

/** The newest modification time of any file under `directory`. */
function newestChange(directory: string): number {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);
}

beforeAll(async () => {
  // The turbo test task builds first; a bare `vitest run` (re)builds here when dist/ is missing or
  // older than src/, so the CLI under test is never a stale bundle.
  const stale =
    !existsSync(cliPath) || statSync(cliPath).mtimeMs < newestChange(join(gatewayDirectory, "src"));
  if (stale) execFileSync("npx", ["tsup"], { cwd: gatewayDirectory, stdio: "ignore" });
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text"), delayMs: () => 60 }));
  directory = mkdtempSync(join(tmpdir(), "sluice-cli-"));
}, 60_000);

afterAll(async () => {
  // Only the processes this file started, by their own handle.
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await upstream?.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

interface RunningCli {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<number | null>;
}

function startCli(args: readonly string[]): RunningCli {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: directory,
    env: { PATH: process.env.PATH ?? "", HOME: directory },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (part: Buffer) => {
    stdout += part.toString("utf8");
  });
  child.stderr?.on("data", (part: Buffer) => {
    stderr += part.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

function writeConfig(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;

describe("node dist/cli.js", () => {
  it("prints usage for --help and exits 0", async () => {
    const cli = startCli(["--help"]);
    expect(await within(cli.exited, 10_000, "exit")).toBe(0);
    expect(cli.stdout()).toContain("Usage: sluice serve --config FILE [--host H] [--port N]");
  });

  it("exits 2 with the usage for bad arguments", async () => {
    const cli = startCli(["serve", "--config", "sluice.yaml", "--port", "eighty"]);
    expect(await within(cli.exited, 10_000, "exit")).toBe(2);
    expect(cli.stderr()).toContain('--port must be an integer from 0 to 65535, got "eighty"');
    const noConfig = startCli(["serve"]);
    expect(await within(noConfig.exited, 10_000, "exit")).toBe(2);
    expect(noConfig.stderr()).toContain("--config FILE is required");
    const noCommand = startCli(["--config", "x.yaml"]);
    expect(await within(noCommand.exited, 10_000, "exit")).toBe(2);
    expect(noCommand.stderr()).toContain("Usage:");
  });

  it("prints every config problem with its path and exits 1", async () => {
    const config = writeConfig(
      "invalid.yaml",
      "server:\n  port: 99999\nmodels:\n  - name: broken\n    preset: qwen9\n    upstream:\n      base_ur1: http://x\n",
    );
    const cli = startCli(["serve", "--config", config]);
    expect(await within(cli.exited, 10_000, "exit")).toBe(1);
    const stderr = cli.stderr();
    expect(stderr).toContain("server.port");
    expect(stderr).toContain("models.0.preset");
    expect(stderr).toContain("models.0.upstream");
    expect(cli.stdout()).toBe("");
  });

  it("serves on --port 0, prints one listening line, logs to stderr, and drains on SIGTERM (exit 0)", async () => {
    // Port 1 in the file: the --host/--port flags must override it.
    const config = writeConfig(
      "serve.yaml",
      `server:\n  host: 127.0.0.1\n  port: 1\nmodels:\n${modelYaml("slow", upstream.baseUrl)}`,
    );
    const cli = startCli(["serve", "--config", config, "--host", "127.0.0.1", "--port", "0"]);
    await waitUntil(() => LISTENING.test(cli.stdout()), 10_000, "the listening line");
    const [line, origin] = LISTENING.exec(cli.stdout()) ?? [];
    expect(cli.stdout()).toBe(`sluice ${line}\n`);

    const health = await fetch(`${origin}/health`);
    expect(await health.json()).toEqual({ status: "ok" });

    // A slow stream (60 ms a chunk), then SIGTERM once it started: it must still complete.
    const response = await post(origin!, "/v1/messages", messagesRequest("slow", { stream: true }));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain("event: message_start");
    cli.child.kill("SIGTERM");
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    const events = parseSseText(text).events;
    expect(events.at(-1)?.type).toBe("message_stop");
    expect(await within(cli.exited, 10_000, "exit after draining")).toBe(0);

    // stdout held only the listening line; the log is JSON lines on stderr, the stream's line among them.
    expect(cli.stdout()).toBe(`sluice ${line}\n`);
    const logLines = cli
      .stderr()
      .trim()
      .split("\n")
      .map((entry) => JSON.parse(entry) as Record<string, unknown>);
    expect(logLines.find((entry) => entry.path === "/v1/messages")).toMatchObject({
      status: 200,
      stopReason: "end_turn",
    });
    expect(logLines.some((entry) => entry.signal === "SIGTERM")).toBe(true);
  });
});
