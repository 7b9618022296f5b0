import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureBuiltCli,
  jsonLogLines,
  killStartedClis,
  LISTENING,
  type StartOptions,
  startCli as startBuiltCli,
} from "../cli/built-cli";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, parseSseText, post } from "./test-gateway";
import { waitUntil, within } from "./wait-until";

let upstream: ScriptedUpstream;
let directory: string;

beforeAll(async () => {
  await ensureBuiltCli();
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text"), delayMs: () => 60 }));
  directory = mkdtempSync(join(tmpdir(), "sluice-cli-"));
}, 150_000);

afterAll(async () => {
  killStartedClis();
  await upstream?.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

const startCli = (args: readonly string[], options: Partial<StartOptions> = {}) =>
  startBuiltCli(args, { cwd: directory, ...options });

function writeConfig(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

// Each case starts node processes (about a second each on a busy 2-core machine).
describe("node dist/cli.js", { timeout: 90_000 }, () => {
  it("prints usage for --help and exits 0", async () => {
    const cli = startCli(["--help"]);
    expect(await within(cli.exited, 30_000, "exit")).toBe(0);
    expect(cli.stdout()).toContain("Usage: sluice serve [--config FILE] [--host H] [--port N]");
    expect(cli.stdout()).toContain("sluice check [--config FILE]");
    expect(cli.stdout()).toContain("SIGHUP");
  });

  it("prints the version of apps/gateway/package.json", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    const cli = startCli(["--version"]);
    expect(await within(cli.exited, 30_000, "exit")).toBe(0);
    expect(cli.stdout()).toBe(`sluice ${version}\n`);
  });

  it("exits 2 with one line and the usage for bad arguments", async () => {
    const cases: [string[], string][] = [
      [
        ["serve", "--config", "sluice.yaml", "--port", "eighty"],
        '--port must be an integer from 0 to 65535, got "eighty"',
      ],
      [["serve", "--config="], "--config needs a file"],
      [["--config", "x.yaml"], "missing command (serve, check, replay, code or codex)"],
      [
        ["launch", "--config", "x.yaml"],
        'unknown command "launch" (expected serve, check, replay, code or codex)',
      ],
      [["serve", "--config", "x.yaml", "--verbose"], 'unknown option "--verbose"'],
      [["serve", "--config"], "--config needs a value"],
      [["check", "--config", "x.yaml", "--port", "1"], "--port is an option of serve, not of check"],
    ];
    const runs = cases.map(([args]) => startCli(args));
    for (const [index, run] of runs.entries()) {
      const [args, message] = cases[index]!;
      expect(await within(run.exited, 30_000, `exit of ${args.join(" ")}`)).toBe(2);
      const [firstLine, blank, usage] = run.stderr().split("\n");
      expect(firstLine).toBe(`sluice: ${message}`);
      expect(blank).toBe("");
      expect(usage).toMatch(/^Usage: sluice serve/);
      expect(run.stderr()).not.toMatch(/\n\s+at /);
      expect(run.stdout()).toBe("");
    }
  });

  it("stops with one line on stderr and exit 2 for a bad SLUICE_LOG_LEVEL or SLUICE_LOG_FORMAT", async () => {
    const config = writeConfig("env.yaml", `models:\n${modelYaml("m", "demo")}`);
    const level = startCli(["serve", "--config", config, "--port", "0"], {
      env: { SLUICE_LOG_LEVEL: "loud" },
    });
    const format = startCli(["serve", "--config", config, "--port", "0"], {
      env: { SLUICE_LOG_FORMAT: "xml" },
    });
    expect(await within(level.exited, 30_000, "exit")).toBe(2);
    expect(await within(format.exited, 30_000, "exit")).toBe(2);
    expect(level.stderr()).toBe(
      'sluice: SLUICE_LOG_LEVEL="loud" is not a level (fatal, error, warn, info, debug, trace, silent)\n',
    );
    expect(format.stderr()).toBe('sluice: SLUICE_LOG_FORMAT="xml" is not a format (json or pretty)\n');
    expect(level.stdout() + format.stdout()).toBe("");
  });

  it("prints every config problem with its path and exits 1", async () => {
    const config = writeConfig(
      "invalid.yaml",
      "server:\n  port: 99999\nmodels:\n  - name: broken\n    preset: qwen9\n    upstream:\n      base_ur1: http://x\n",
    );
    const cli = startCli(["serve", "--config", config]);
    expect(await within(cli.exited, 30_000, "exit")).toBe(1);
    const stderr = cli.stderr();
    expect(stderr).toContain("server.port");
    expect(stderr).toContain("models.0.preset");
    expect(stderr).toContain("models.0.upstream");
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(cli.stdout()).toBe("");
  });

  it("serves on --port 0, prints the listening line then the summary, logs to stderr, and drains on SIGTERM (exit 0)", async () => {
    // Port 1 in the file: the --host/--port flags must override it.
    const config = writeConfig(
      "serve.yaml",
      `server:\n  host: 127.0.0.1\n  port: 1\nmodels:\n${modelYaml("slow", upstream.baseUrl)}`,
    );
    const cli = startCli(["serve", "--config", config, "--host", "127.0.0.1", "--port", "0"]);
    await waitUntil(() => cli.stdout().includes("claude\n"), 30_000, "the summary");
    const [line, origin] = LISTENING.exec(cli.stdout()) ?? [];
    const stdout = cli.stdout();
    expect(stdout.split("\n")[0]).toBe(`sluice ${line}`);
    expect(stdout).toContain(
      `ANTHROPIC_BASE_URL=${origin} ANTHROPIC_AUTH_TOKEN=sluice CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 claude`,
    );
    // The scripted server answers every path with a chat stream: it tells no window.
    expect(stdout).toContain("  window   slow: unknown (server did not say)\n");

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
    expect(await within(cli.exited, 30_000, "exit after draining")).toBe(0);

    // stdout held only what the CLI printed at start; the log is JSON lines on stderr, the stream's among them.
    expect(cli.stdout()).toBe(stdout);
    const logLines = jsonLogLines(cli.stderr());
    expect(logLines.find((entry) => entry.path === "/v1/messages")).toMatchObject({
      status: 200,
      stopReason: "end_turn",
    });
    expect(logLines.some((entry) => entry.signal === "SIGTERM")).toBe(true);
    expect(logLines.at(-1)?.msg).toBe("stopped");
  });
});
