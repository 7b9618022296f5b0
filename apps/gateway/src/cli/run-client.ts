import { spawn } from "node:child_process";
import { constants } from "node:os";
import type { Client, ClientLaunch } from "./client";

/** Exit codes of a shell for a command it cannot run: not found, found but not executable. */
const NOT_FOUND = 127;
const NOT_EXECUTABLE = 126;

/**
 * Runs the client in this terminal (its stdin, stdout and stderr are the user's) and resolves with its exit
 * code, 128 + the signal's number when a signal ended it (as a shell reports it). While it runs, SIGTERM
 * and SIGHUP sent to sluice are passed on to it. SIGINT is passed on only when stdin is not a terminal:
 * at a terminal, Ctrl-C already reaches the client (it is in the same foreground process group), and a
 * second copy would make Claude Code exit, where one Ctrl-C only interrupts it. Sluice itself outlives
 * every signal until the client has exited, so a gateway it serves for the run is still there for it.
 * A client that is not installed gets one line saying how to install it, exit 127.
 */
export function runClient(
  client: Client,
  launch: ClientLaunch,
  writeError: (text: string) => void,
): Promise<number> {
  const env: Record<string, string | undefined> = { ...process.env, ...launch.env };
  for (const name of launch.unset) delete env[name];
  return new Promise((resolve) => {
    const child = spawn(launch.executable, [...launch.args], { stdio: "inherit", env });
    const forward = (signal: NodeJS.Signals): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    const onTerm = (): void => forward("SIGTERM");
    const onHup = (): void => forward("SIGHUP");
    const onInt = (): void => {
      if (!process.stdin.isTTY) forward("SIGINT");
    };
    process.on("SIGTERM", onTerm);
    process.on("SIGHUP", onHup);
    process.on("SIGINT", onInt);
    let finished = false;
    const finish = (code: number): void => {
      if (finished) return;
      finished = true;
      process.off("SIGTERM", onTerm);
      process.off("SIGHUP", onHup);
      process.off("SIGINT", onInt);
      resolve(code);
    };
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        writeError(
          `sluice: ${launch.executable} is not installed (not found on PATH). Install ${client.displayName}: ${client.install}\n`,
        );
        finish(NOT_FOUND);
      } else if (error.code === "EACCES") {
        writeError(`sluice: ${launch.executable} cannot be run (permission denied): ${error.message}\n`);
        finish(NOT_EXECUTABLE);
      } else {
        writeError(`sluice: cannot start ${launch.executable}: ${error.message}\n`);
        finish(1);
      }
    });
    child.once("exit", (code, signal) => {
      finish(code ?? 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0)));
    });
  });
}
