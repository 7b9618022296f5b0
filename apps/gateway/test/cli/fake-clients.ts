import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What a fake client saw and did: its arguments, the environment sluice gave it, its call to the gateway. */
export interface ClientRecord {
  readonly argv: readonly string[];
  /** Every ANTHROPIC_*, CLAUDE_*, SLUICE_* and OPENAI_* variable. */
  readonly env: Readonly<Record<string, string>>;
  /** The status of its one request to the gateway (claude: POST /v1/messages, codex: POST /v1/responses). */
  readonly status?: number;
  /** The signal it got while waiting (FAKE_CLIENT_WAIT), if any. */
  readonly signal?: string;
}

// A client in a few lines of node: it records what it got to FAKE_CLIENT_RECORD, asks the gateway once the
// way the real client would (Claude Code from its environment, Codex from its -c overrides), and exits with
// FAKE_CLIENT_EXIT. With FAKE_CLIENT_WAIT it records first, then waits for a signal and exits 40 + its number.
const SCRIPT = `
const { writeFileSync } = require("node:fs");
const { constants } = require("node:os");
const kind = require("node:path").basename(process.argv[1]);
const argv = process.argv.slice(2);
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /^(ANTHROPIC|CLAUDE|SLUICE|OPENAI)_/.test(name)),
);
const record = (extra) => writeFileSync(process.env.FAKE_CLIENT_RECORD, JSON.stringify({ argv, env, ...extra }));
const exitCode = Number(process.env.FAKE_CLIENT_EXIT ?? "0");
if (process.env.FAKE_CLIENT_WAIT === "1") {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
    process.on(signal, () => {
      record({ signal });
      process.exit(40 + constants.signals[signal]);
    });
  }
  record({});
  setInterval(() => undefined, 1000);
} else {
  const settings = Object.fromEntries(
    argv.flatMap((arg, index) => (argv[index - 1] === "-c" ? [arg.split(/=(.*)/s).slice(0, 2)] : [])),
  );
  const text = (value) => (value === undefined ? undefined : JSON.parse(value));
  const call =
    kind === "claude"
      ? fetch(process.env.ANTHROPIC_BASE_URL + "/v1/messages", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Bearer " + process.env.ANTHROPIC_AUTH_TOKEN },
          body: JSON.stringify({ model: process.env.ANTHROPIC_MODEL, max_tokens: 32, messages: [{ role: "user", content: "Hi" }] }),
        })
      : fetch(text(settings["model_providers.sluice.base_url"]) + "/responses", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: "Bearer " + process.env[text(settings["model_providers.sluice.env_key"])],
          },
          body: JSON.stringify({ model: text(settings.model), input: "Hi", max_output_tokens: 32 }),
        });
  call.then(
    async (response) => {
      await response.text();
      record({ status: response.status });
      process.exit(exitCode);
    },
    (error) => {
      record({ status: -1, error: String(error) });
      process.exit(exitCode);
    },
  );
}
`;

/** A directory with fake `claude` and `codex` executables (node scripts), for a PATH the test builds. */
export function writeFakeClients(directory: string): string {
  const bin = join(directory, "bin");
  mkdirSync(bin, { recursive: true });
  for (const name of ["claude", "codex"]) {
    const path = join(bin, name);
    writeFileSync(path, `#!${process.execPath}\n${SCRIPT}`);
    chmodSync(path, 0o755);
  }
  return bin;
}

/** The record a fake client wrote, or undefined when it has not run (or is still writing it). */
export function readRecord(path: string): ClientRecord | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as ClientRecord;
  } catch {
    return undefined;
  }
}
