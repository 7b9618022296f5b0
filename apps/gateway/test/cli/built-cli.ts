import { type ChildProcess, execFileSync, type StdioOptions, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const gatewayDirectory = fileURLToPath(new URL("../..", import.meta.url));
export const cliPath = join(gatewayDirectory, "dist", "cli.js");
// In node_modules (ignored by git): test files run in parallel workers, and only one may build at a time.
const lockPath = join(gatewayDirectory, "node_modules", ".cache", "sluice-cli-build.lock");
const BUILD_TIMEOUT_MS = 120_000;

/** The newest modification time of any file under `directory`. */
function newestChange(directory: string): number {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);
}

function isStale(): boolean {
  if (!existsSync(cliPath)) return true;
  const sources = Math.max(
    newestChange(join(gatewayDirectory, "src")),
    statSync(join(gatewayDirectory, "package.json")).mtimeMs,
  );
  return statSync(cliPath).mtimeMs < sources;
}

/**
 * The turbo test task does not build first; a bare `vitest run` (re)builds dist/ here when it is missing
 * or older than src/, so the CLI under test is never a stale bundle. One build at a time across workers.
 */
export async function ensureBuiltCli(): Promise<void> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  mkdirSync(join(lockPath, ".."), { recursive: true });
  while (isStale()) {
    if (Date.now() > deadline) throw new Error(`dist/cli.js was not built within ${BUILD_TIMEOUT_MS} ms`);
    try {
      mkdirSync(lockPath);
    } catch {
      // Another worker builds; a lock older than a build can take is a crashed run's.
      if (existsSync(lockPath) && Date.now() - statSync(lockPath).mtimeMs > BUILD_TIMEOUT_MS) {
        rmSync(lockPath, { recursive: true, force: true });
      }
      await sleep(200);
      continue;
    }
    try {
      if (isStale()) {
        execFileSync("npx", ["tsup"], { cwd: gatewayDirectory, stdio: "ignore", timeout: BUILD_TIMEOUT_MS });
      }
    } finally {
      rmSync(lockPath, { recursive: true, force: true });
    }
  }
}

export interface RunningCli {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<number | null>;
}

export interface StartOptions {
  readonly cwd: string;
  /** Added to a minimal environment (PATH, HOME = cwd). */
  readonly env?: Readonly<Record<string, string>>;
  /** Default: stdin ignored, stdout and stderr piped and collected. */
  readonly stdio?: StdioOptions;
}

const children = new Set<ChildProcess>();

/** `node dist/cli.js ARGS`, its output collected as it comes. */
export function startCli(args: readonly string[], options: StartOptions): RunningCli {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env },
    stdio: options.stdio ?? ["ignore", "pipe", "pipe"],
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

/** Kills what `startCli` started and is still running: only those processes, by their own handle. */
export function killStartedClis(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
}

/** The JSON log lines of a CLI's stderr (the default format when stderr is not a terminal). */
export function jsonLogLines(stderr: string): Record<string, unknown>[] {
  return stderr
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export const LISTENING = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;
