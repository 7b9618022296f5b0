import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../server/test-gateway";
import { waitUntil, within } from "../server/wait-until";
import { ensureBuiltCli, killStartedClis, type RunningCli, startCli } from "./built-cli";
import { type ClientRecord, readRecord, writeFakeClients } from "./fake-clients";

// `sluice code` / `sluice codex` (README, "Using Sluice with Claude Code"): the built CLI starts fake
// `claude` and `codex` executables from a PATH this test builds; each records its arguments and
// environment, makes one request to the gateway it was given, and exits with the code the test chose.

const KEY = "gateway-key-4c1d";
const MODELS = `models:
  - name: qwen3.5-small
    aliases: ["claude-haiku-*", "claude-3-5-haiku-*"]
    upstream: { base_url: demo }
  - name: qwen3.5
    aliases: ["claude-*"]
    upstream: { base_url: demo }
`;

let directory: string;
let bin: string;
let runs = 0;
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  await ensureBuiltCli();
  directory = mkdtempSync(join(tmpdir(), "sluice-client-"));
  bin = writeFakeClients(directory);
}, 150_000);

afterAll(async () => {
  killStartedClis();
  for (const server of servers) await server.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

function writeConfig(text: string): string {
  runs += 1;
  const path = join(directory, `config-${runs}.yaml`);
  writeFileSync(path, text);
  return path;
}

interface Run {
  readonly cli: RunningCli;
  readonly recordPath: string;
  /** Where this run's in-process gateway logs (TMPDIR is the run's own). */
  readonly tmp: string;
}

/** `sluice ARGS` with the fake clients first on PATH, the run's own record file and TMPDIR. */
function run(args: readonly string[], env: Readonly<Record<string, string>> = {}): Run {
  runs += 1;
  const recordPath = join(directory, `record-${runs}.json`);
  const tmp = join(directory, `tmp-${runs}`);
  mkdirSync(tmp);
  const cli = startCli(args, {
    cwd: directory,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      TMPDIR: tmp,
      FAKE_CLIENT_RECORD: recordPath,
      ...env,
    },
  });
  return { cli, recordPath, tmp };
}

async function finished(current: Run): Promise<{ code: number | null; record: ClientRecord }> {
  const code = await within(current.cli.exited, 30_000, "sluice to exit");
  const record = readRecord(current.recordPath);
  if (record === undefined) throw new Error(`no client ran: ${current.cli.stderr()}`);
  return { code, record };
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return (server.address() as AddressInfo).port;
}

async function runningGateway(config: string): Promise<{ gateway: TestGateway; port: number }> {
  const gateway = await startTestGateway(config);
  servers.push(gateway);
  return { gateway, port: Number(new URL(gateway.origin).port) };
}

describe("sluice code with a gateway of its own (nothing listens at the config's port)", () => {
  it("points claude at it: URL, key, model names, no nonessential traffic; exits with claude's code", async () => {
    const config = writeConfig(`server:\n  port: 0\n  api_keys: [${KEY}, other-key]\n${MODELS}`);
    const current = run(["code", "--config", config, "-p", "hi", "--verbose"], {
      FAKE_CLIENT_EXIT: "7",
      ANTHROPIC_API_KEY: "sk-ant-from-the-shell",
    });
    const { code, record } = await finished(current);
    expect(code).toBe(7);
    expect(record.argv).toEqual(["-p", "hi", "--verbose"]);
    expect(record.env).toEqual({
      ANTHROPIC_BASE_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      ANTHROPIC_AUTH_TOKEN: KEY,
      ANTHROPIC_MODEL: "qwen3.5",
      ANTHROPIC_DEFAULT_OPUS_MODEL: "qwen3.5",
      ANTHROPIC_DEFAULT_SONNET_MODEL: "qwen3.5",
      ANTHROPIC_DEFAULT_HAIKU_MODEL: "qwen3.5-small",
      ANTHROPIC_SMALL_FAST_MODEL: "qwen3.5-small",
      // The demo's window, which the gateway started for the run learned before claude was started.
      CLAUDE_CODE_AUTO_COMPACT_WINDOW: "65536",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    });
    // It served claude's request, and stopped when claude exited.
    expect(record.status).toBe(200);
    await expect(fetch(`${record.env.ANTHROPIC_BASE_URL}/health`)).rejects.toThrow();
    // One line of sluice's own, on stderr; its gateway's log is in a file, not on the terminal; no key.
    const [logFile] = readdirSync(current.tmp);
    expect(current.cli.stderr()).toBe(
      `sluice: claude → ${record.env.ANTHROPIC_BASE_URL} (a gateway for this run, log: ${join(current.tmp, logFile ?? "")}; model qwen3.5, background qwen3.5-small, context window 65536)\n`,
    );
    expect(current.cli.stdout()).toBe("");
    const log = readFileSync(join(current.tmp, logFile ?? ""), "utf8");
    expect(log).toContain('"path":"/v1/messages"');
    expect(log + current.cli.stderr()).not.toContain(KEY);
  });

  it("takes --model, finds sluice.yaml in the working directory, and passes what follows -- as it is", async () => {
    const cwd = join(directory, "project");
    mkdirSync(cwd);
    writeFileSync(join(cwd, "sluice.yaml"), `server:\n  port: 0\n${MODELS}`);
    runs += 1;
    const recordPath = join(directory, `record-${runs}.json`);
    const cli = startCli(["code", "--model", "claude-3-5-haiku-20241022", "--", "--model", "x"], {
      cwd,
      env: { PATH: `${bin}:${process.env.PATH ?? ""}`, TMPDIR: directory, FAKE_CLIENT_RECORD: recordPath },
    });
    const { code, record } = await finished({ cli, recordPath, tmp: directory });
    expect(code).toBe(0);
    expect(record.argv).toEqual(["--model", "x"]);
    expect(record.env).toMatchObject({
      ANTHROPIC_AUTH_TOKEN: "sluice",
      ANTHROPIC_MODEL: "qwen3.5-small",
      ANTHROPIC_DEFAULT_HAIKU_MODEL: "qwen3.5-small",
    });
  });

  it("refuses a --model nothing routes, before starting anything", async () => {
    const config = writeConfig(`server:\n  port: 0\n${MODELS}`);
    const current = run(["code", "--config", config, "--model", "gpt-4"]);
    expect(await within(current.cli.exited, 30_000, "exit")).toBe(2);
    expect(current.cli.stderr()).toBe(
      "sluice: --model gpt-4: no model of the config has that name or an alias matching it (models: qwen3.5-small, qwen3.5)\n",
    );
    expect(readRecord(current.recordPath)).toBeUndefined();
  });
});

describe("sluice code with a running gateway", () => {
  it("uses the Sluice gateway listening at the config's host and port", async () => {
    const { gateway, port } = await runningGateway(`server:\n  api_keys: [${KEY}]\n${MODELS}`);
    const config = writeConfig(`server:\n  port: ${port}\n  api_keys: [${KEY}]\n${MODELS}`);
    const { code, record } = await finished(run(["code", "--config", config]));
    expect(code).toBe(0);
    expect(record.env.ANTHROPIC_BASE_URL).toBe(`http://127.0.0.1:${port}`);
    expect(record.env.ANTHROPIC_AUTH_TOKEN).toBe(KEY);
    expect(record.status).toBe(200);
    expect(gateway.requestLines().some((line) => line.path === "/v1/messages")).toBe(true);
  });

  it("gives a running gateway SLUICE_API_KEY, and says so when the gateway refuses the key", async () => {
    const { port } = await runningGateway(`server:\n  api_keys: [team-key]\n${MODELS}`);
    const config = writeConfig(`server:\n  port: ${port}\n${MODELS}`);
    const refused = run(["code", "--config", config]);
    expect(await within(refused.cli.exited, 30_000, "exit")).toBe(1);
    expect(refused.cli.stderr()).toBe(
      `sluice: the gateway at http://127.0.0.1:${port} refused the key: set SLUICE_API_KEY to one of its keys (server.api_keys / SLUICE_API_KEYS of the config it runs)\n`,
    );
    const { code, record } = await finished(
      run(["code", "--config", config], { SLUICE_API_KEY: "team-key" }),
    );
    expect(code).toBe(0);
    expect(record.env.ANTHROPIC_AUTH_TOKEN).toBe("team-key");
    expect(record.status).toBe(200);
  });

  it("stops when the running gateway serves another config", async () => {
    const { port } = await runningGateway("models:\n  - name: other\n    upstream: { base_url: demo }\n");
    const config = writeConfig(`server:\n  port: ${port}\n${MODELS}`);
    const current = run(["code", "--config", config]);
    expect(await within(current.cli.exited, 30_000, "exit")).toBe(1);
    expect(current.cli.stderr()).toContain(
      `the gateway running at http://127.0.0.1:${port} does not serve "qwen3.5", "qwen3.5-small" (it serves other)`,
    );
  });

  it("starts its own when something else listens there", async () => {
    const port = await listen((_request, response) => {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    });
    const config = writeConfig(`server:\n  port: ${port}\n${MODELS}`);
    const current = run(["code", "--config", config]);
    const { code, record } = await finished(current);
    expect(code).toBe(0);
    expect(record.env.ANTHROPIC_BASE_URL).not.toBe(`http://127.0.0.1:${port}`);
    expect(record.status).toBe(200);
    expect(current.cli.stderr()).toMatch(
      new RegExp(
        `^sluice: http://127\\.0\\.0\\.1:${port} is not a Sluice gateway \\(GET /health answered HTTP 404, not Sluice's \\{"status":"ok"\\}\\); starting one for this run\\n`,
      ),
    );
  });

  it("passes the context window the gateway lists (max_model_len) to Claude Code and Codex", async () => {
    // A gateway that learnt its upstream's window lists it with the model.
    const port = await listen((request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      if (request.url === "/health") response.end('{"status":"ok"}');
      else {
        const entry = (id: string, extra = {}) => ({ id, object: "model", owned_by: "sluice", ...extra });
        response.end(
          JSON.stringify({
            object: "list",
            data: [entry("qwen3.5-small"), entry("qwen3.5", { max_model_len: 65536 })],
          }),
        );
      }
    });
    const config = writeConfig(`server:\n  port: ${port}\n${MODELS}`);
    const claude = await finished(run(["code", "--config", config], { FAKE_CLIENT_EXIT: "0" }));
    expect(claude.record.env.CLAUDE_CODE_AUTO_COMPACT_WINDOW).toBe("65536");
    const codex = await finished(run(["codex", "--config", config, "exec", "hi"]));
    expect(codex.record.argv.slice(-4)).toEqual(["-c", "model_context_window=65536", "exec", "hi"]);
  });
});

describe("sluice codex", () => {
  it("gives codex the provider as -c overrides before its own arguments, the key in SLUICE_API_KEY", async () => {
    const config = writeConfig(`server:\n  port: 0\n  api_keys: [${KEY}]\n${MODELS}`);
    const current = run(["codex", "--config", config, "exec", "--skip-git-repo-check", "List the files"], {
      FAKE_CLIENT_EXIT: "3",
    });
    const { code, record } = await finished(current);
    expect(code).toBe(3);
    const origin = /→ (http:\/\/127\.0\.0\.1:\d+) /.exec(current.cli.stderr())?.[1];
    expect(record.argv).toEqual([
      "-c",
      'model_provider="sluice"',
      "-c",
      'model_providers.sluice.name="Sluice"',
      "-c",
      `model_providers.sluice.base_url="${origin}/v1"`,
      "-c",
      'model_providers.sluice.wire_api="responses"',
      "-c",
      'model_providers.sluice.env_key="SLUICE_API_KEY"',
      "-c",
      'model="qwen3.5"',
      // The demo's window, learned by the gateway started for the run.
      "-c",
      "model_context_window=65536",
      "exec",
      "--skip-git-repo-check",
      "List the files",
    ]);
    expect(record.env.SLUICE_API_KEY).toBe(KEY);
    // The key is in the environment only, never on the command line.
    expect(record.argv.join(" ")).not.toContain(KEY);
    expect(record.status).toBe(200);
  });
});

describe("the client itself", () => {
  it.each([
    ["code", "claude", "Claude Code: npm i -g @anthropic-ai/claude-code"],
    ["codex", "codex", "Codex CLI: npm i -g @openai/codex"],
  ])(
    "sluice %s says how to install %s when it is not on PATH, exit 127",
    async (command, executable, how) => {
      const config = writeConfig(`server:\n  port: 0\n${MODELS}`);
      const empty = join(directory, `empty-${runs}`);
      mkdirSync(empty);
      const current = run([command, "--config", config], { PATH: empty });
      expect(await within(current.cli.exited, 30_000, "exit")).toBe(127);
      expect(current.cli.stderr().split("\n").at(-2)).toBe(
        `sluice: ${executable} is not installed (not found on PATH). Install ${how}`,
      );
    },
  );

  it.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
    "passes %s on to the client (stdin is no terminal) and exits with what the client exits with",
    async (signal) => {
      const config = writeConfig(`server:\n  port: 0\n${MODELS}`);
      const current = run(["code", "--config", config], { FAKE_CLIENT_WAIT: "1" });
      await waitUntil(() => readRecord(current.recordPath) !== undefined, 30_000, "the client to start");
      current.cli.child.kill(signal);
      const code = await within(current.cli.exited, 30_000, "exit");
      expect(readRecord(current.recordPath)?.signal).toBe(signal);
      // The fake exits 40 + the signal's number.
      expect(code).toBe(40 + { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal]);
    },
  );
});
