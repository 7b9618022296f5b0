import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatewayBuildInputs } from "../../../../scripts/gateway-build-inputs.mjs";
import { cliPath, ensureBuiltCli, LISTENING } from "./built-cli";

/**
 * `pnpm start` and `pnpm sluice …` (scripts/sluice.mjs), run as pnpm runs a script (`sh -c` with the
 * arguments appended) in a copy of the repository's layout: the real scripts, package.json and sluice.yaml,
 * the real built CLI, and a turbo on the copy's node_modules/.bin that tells the test when it is run and
 * answers as turbo 2.11's `--json` does.
 */

const repository = fileURLToPath(new URL("../../../../", import.meta.url));
const scripts = JSON.parse(readFileSync(join(repository, "package.json"), "utf8")).scripts as Record<
  string,
  string
>;

let root: string;
let turboLog: string;

/** NDJSON as turbo 2.11.11 writes it with --json, for a task that `outcome` describes. */
function turboScript(outcome: "miss" | "hit" | "fail"): string {
  const line = (source: string, text: string) => JSON.stringify({ source, level: "info", text });
  const task = "@sluice/gateway#build";
  const lines = [
    line("turbo", "   • turbo 2.11.11"),
    line("turbo", "   • Packages in scope: @sluice/gateway"),
    outcome === "hit"
      ? line(task, "cache hit, replaying logs e338ea14349860a8")
      : line(task, "cache miss, executing 2fc6c2661a55f99e"),
    line(task, "> tsup"),
    line(task, outcome === "fail" ? "src/cli.ts(1,1): error TS1005" : "ESM ⚡️ Build success in 336ms"),
    line("turbo", " Tasks:    1 successful, 1 total"),
    line("turbo", outcome === "fail" ? "  ERROR  run failed: command  exited (1)" : "  Time:    1.002s"),
  ];
  return [
    "#!/bin/sh",
    `echo run >> '${turboLog}'`,
    ...lines.map((json) => `printf '%s\\n' '${json.replace(/'/g, "'\\''")}'`),
    `exit ${outcome === "fail" ? 1 : 0}`,
    "",
  ].join("\n");
}

function useTurbo(outcome: "miss" | "hit" | "fail"): void {
  const turbo = join(root, "node_modules", ".bin", "turbo");
  writeFileSync(turbo, turboScript(outcome));
  chmodSync(turbo, 0o755);
}

const turboRuns = (): number => readFileSync(turboLog, "utf8").split("\n").filter(Boolean).length;

beforeAll(async () => {
  await ensureBuiltCli();
  root = mkdtempSync(join(tmpdir(), "sluice-script-"));
  turboLog = join(root, "turbo-runs.log");
  writeFileSync(turboLog, "");
  for (const directory of [
    "scripts",
    "packages/core/src",
    "apps/gateway/src",
    "apps/gateway/dist",
    "node_modules/.bin",
  ])
    mkdirSync(join(root, directory), { recursive: true });
  for (const file of [
    "scripts/sluice.mjs",
    "scripts/gateway-build-inputs.mjs",
    "package.json",
    "sluice.yaml",
  ])
    copyFileSync(join(repository, file), join(root, file));
  writeFileSync(join(root, "apps/gateway/src/cli.ts"), "export {};\n");
  writeFileSync(join(root, "packages/core/src/index.ts"), "export {};\n");
  // The real bundle: Node resolves its imports (pino, yaml, effect) from where the link points.
  symlinkSync(cliPath, join(root, "apps/gateway/dist/cli.js"));
});

/** Runs whose shell may still be alive when the file ends (a test that timed out waiting for it). */
const running = new Set<ChildProcess>();

afterAll(() => {
  // Only a group whose shell is still alive: its id is still this run's, not a reused one.
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
      process.kill(-child.pid, "SIGKILL");
  }
  rmSync(root, { recursive: true, force: true });
});

interface Run {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The process the script runs has exited: its code and signal. */
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** …and every process holding its output has too: all of it has been read. */
  readonly closed: Promise<[number | null, NodeJS.Signals | null]>;
}

/**
 * A package.json script with arguments, as pnpm runs it (`sh -c`, node_modules/.bin on the PATH); stdin is
 * not a terminal. In a process group of its own, so what a failed run leaves behind can be ended with it.
 */
function runScript(name: string, args: string): Run {
  const child = spawn("sh", ["-c", `${scripts[name]} ${args}`], {
    cwd: root,
    env: {
      PATH: `${join(root, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
      HOME: root,
      SLUICE_LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (part: Buffer) => {
    stdout += part.toString("utf8");
  });
  child.stderr?.on("data", (part: Buffer) => {
    stderr += part.toString("utf8");
  });
  running.add(child);
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const closed = once(child, "close") as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, stdout: () => stdout, stderr: () => stderr, exited, closed };
}

describe("pnpm sluice: build only when the sources changed, and print only the gateway's output", () => {
  it("builds the first time, saying so, then runs the CLI", async () => {
    useTurbo("miss");
    const run = runScript("sluice", "--version");
    expect(await run.closed).toEqual([0, null]);
    expect(run.stdout()).toBe("sluice 0.1.0\n");
    expect(turboRuns()).toBe(1);
    expect(run.stderr()).toBe(
      [
        "sluice: building the gateway (its sources changed)",
        "cache miss, executing 2fc6c2661a55f99e",
        "> tsup",
        "ESM ⚡️ Build success in 336ms",
        "",
      ].join("\n"),
    );
  });

  it("does not ask turbo again while nothing changed, and prints nothing of its own", async () => {
    const run = runScript("sluice", "check");
    expect(await run.closed).toEqual([0, null]);
    expect(turboRuns()).toBe(1);
    expect(run.stdout()).toMatch(/^sluice\.yaml is valid: 1 model/);
    expect(run.stderr()).toBe("");
  });

  it("asks turbo again when a source changes, and stays quiet when turbo's cache has the build", async () => {
    const source = join(root, "packages/core/src/index.ts");
    writeFileSync(source, "export const changed = 1;\n");
    useTurbo("hit");
    const changed = runScript("sluice", "--version");
    expect(await changed.closed).toEqual([0, null]);
    expect(turboRuns()).toBe(2);
    expect(changed.stderr()).toBe("");
    // The same size and content, another time (a checkout, a touch): asked once more.
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    const touched = runScript("sluice", "--version");
    expect(await touched.closed).toEqual([0, null]);
    expect(turboRuns()).toBe(3);
  });

  it("shows what turbo said when the build fails, and exits with its code without running the CLI", async () => {
    writeFileSync(join(root, "apps/gateway/src/new-file.ts"), "export {};\n");
    useTurbo("fail");
    const run = runScript("sluice", "--version");
    expect(await run.closed).toEqual([1, null]);
    expect(run.stdout()).toBe("");
    expect(run.stderr()).toContain("src/cli.ts(1,1): error TS1005");
    expect(run.stderr()).toContain("ERROR  run failed");
    // A failed build leaves the fingerprint as it was: the next run builds again.
    useTurbo("hit");
    const next = runScript("sluice", "--version");
    expect(await next.closed).toEqual([0, null]);
    expect(turboRuns()).toBe(5);
  });
});

describe("pnpm start: a clean stop is a clean exit", () => {
  it("exits 0 after SIGINT, the gateway drained and stopped, with only the gateway's output", async () => {
    useTurbo("hit");
    const run = runScript("start", "--port 0");
    let end: [number | null, NodeJS.Signals | null] | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (LISTENING.test(run.stdout())) resolve();
        };
        run.child.stdout?.on("data", check);
        run.child.once("exit", () => reject(new Error(`exited before listening: ${run.stderr()}`)));
        check();
      });
      expect(run.stdout()).toMatch(/^sluice listening on http:\/\/127\.0\.0\.1:\d+\n/);
      // By PID, as pnpm passes Ctrl-C on (or as `kill -INT` does): to the process the script runs.
      run.child.kill("SIGINT");
      end = await run.exited;
      expect(end).toEqual([0, null]);
      await run.closed;
      const logs = run
        .stderr()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(logs).toContain("stopped");
    } finally {
      // A shell killed by the signal leaves the gateway it started running, in the group this test made.
      if (end === undefined || end[0] !== 0) {
        try {
          process.kill(-(run.child.pid ?? 0), "SIGKILL");
        } catch {
          // Nothing of it is left.
        }
      }
    }
  });
});

describe("gatewayBuildInputs", () => {
  it("changes with a file's content, a new or removed file, and the outputs", () => {
    const before = gatewayBuildInputs(root);
    expect(gatewayBuildInputs(root)).toBe(before);
    const added = join(root, "packages/core/src/added.ts");
    writeFileSync(added, "export {};\n");
    const withAdded = gatewayBuildInputs(root);
    expect(withAdded).not.toBe(before);
    rmSync(added);
    expect(gatewayBuildInputs(root)).toBe(before);
    writeFileSync(join(root, "apps/gateway/src/cli.ts"), "export const x = 2;\n");
    expect(gatewayBuildInputs(root)).not.toBe(before);
  });
});
