// `pnpm start` and `pnpm sluice …`: the gateway's CLI (apps/gateway/dist/cli.js), built first when what it is
// built from changed. Only the CLI's own output reaches the terminal: turbo's banner and task summary are
// left out, and the build's lines are shown only when it builds (or fails).
//
//   node scripts/sluice.mjs serve --config sluice.yaml     (what `pnpm start` runs)
//
// serve, code and codex run as a child, and this process exits with its exit code: after Ctrl-C the gateway
// drains and exits 0, so pnpm reports no failure. package.json runs this with `exec`, so pnpm's child is this
// process and not a shell, which a SIGINT killed after the gateway had stopped cleanly ("ELIFECYCLE Command
// failed."). SIGTERM and SIGHUP (a reload) are passed on; SIGINT too when stdin is not a terminal, since at a
// terminal Ctrl-C reaches the CLI itself (one process group), and pnpm passes on a copy that, a second
// SIGINT, would make the gateway cut its open streams.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { gatewayBuildInputs } from "./gateway-build-inputs.mjs";

const root = join(import.meta.dirname, "..");
const cli = join(root, "apps/gateway/dist/cli.js");
// In node_modules (ignored by git, gone with a clean install): the fingerprint of the last build done here.
const stampPath = join(root, "apps/gateway/node_modules/.cache/sluice-build-inputs");
/** The commands that run until stopped: they get a process of their own, and the signals passed on. */
const LONG_RUNNING = new Set(["serve", "code", "codex"]);

/** A child's end as a shell reports it: its exit code, or 128 + the signal's number. */
const exitCodeOf = (code, signal) => code ?? 128 + (constants.signals[signal] ?? 0);

function readStamp() {
  try {
    return readFileSync(stampPath, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * turbo's build of the gateway, read as its NDJSON (`--json`): the lines of a task that runs (a cache miss)
 * go to stderr as they come, after one line saying why; a cache hit prints nothing; a failure prints what
 * was not shown yet. Resolves with turbo's exit code.
 */
async function build() {
  const turbo = spawn(
    join(root, "node_modules/.bin/turbo"),
    ["run", "build", "--filter=@sluice/gateway", "--output-logs=new-only", "--json"],
    {
      cwd: root,
      // As the other scripts run turbo: the tasks' `pnpm run` need not check the install first.
      env: { ...process.env, pnpm_config_verify_deps_before_run: "", TURBO_NO_UPDATE_NOTIFIER: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // What is not shown as it comes: turbo's own lines, and a task's until it is known to build.
  const unshown = [];
  let building = false;
  createInterface({ input: turbo.stdout }).on("line", (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = { source: "turbo", text: line };
    }
    const text = typeof entry.text === "string" ? entry.text : line;
    const task = entry.source !== "turbo";
    if (task && !building && text.startsWith("cache miss")) {
      building = true;
      process.stderr.write("sluice: building the gateway (its sources changed)\n");
    }
    if (task && building) process.stderr.write(`${text}\n`);
    else unshown.push(text);
  });
  turbo.stderr.on("data", (part) => unshown.push(part.toString("utf8").trimEnd()));
  // `close`, not `exit`: every line turbo wrote has been read by then.
  const exitCode = await new Promise((resolve) =>
    turbo
      .once("close", (code, signal) => resolve(exitCodeOf(code, signal)))
      .once("error", (error) => {
        unshown.push(`sluice: cannot run turbo: ${error.message}`);
        resolve(1);
      }),
  );
  if (exitCode !== 0) process.stderr.write(`${unshown.join("\n")}\n`);
  return exitCode;
}

/** The CLI in a process of its own, the signals passed on; this process exits with its exit code. */
function runLongCommand(args) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: "inherit" });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on("SIGTERM", () => forward("SIGTERM"));
  process.on("SIGHUP", () => forward("SIGHUP"));
  process.on("SIGINT", () => {
    if (!process.stdin.isTTY) forward("SIGINT");
  });
  child.once("exit", (code, signal) => process.exit(exitCodeOf(code, signal)));
}

if (readStamp() !== gatewayBuildInputs(root)) {
  const code = await build();
  if (code !== 0) process.exit(code);
  mkdirSync(dirname(stampPath), { recursive: true });
  // Taken after the build: its outputs are part of the fingerprint.
  writeFileSync(stampPath, gatewayBuildInputs(root));
}

const args = process.argv.slice(2);
if (LONG_RUNNING.has(args[0])) runLongCommand(args);
// check, replay, --version, --help: over in a moment, so in this process (one Node start less). The bin reads
// the same arguments from process.argv and sets the exit code.
else await import(pathToFileURL(cli).href);
