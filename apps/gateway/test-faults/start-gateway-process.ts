import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureBuiltCli, LISTENING, type RunningCli, startCli } from "../test/cli/built-cli";

export interface GatewayProcess {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly pid: number;
  readonly cli: RunningCli;
  /** SIGTERM (a graceful drain), then SIGKILL after `graceMs`; resolves with the exit code or signal. */
  stop(graceMs: number): Promise<string>;
}

const LISTEN_TIMEOUT_MS = 15_000;

/**
 * The built CLI (`dist/cli.js serve`) as a child process on 127.0.0.1 and a free port, serving
 * `configYaml` from a temporary directory: its memory and CPU are its own, apart from the load.
 */
export async function startGatewayProcess(configYaml: string): Promise<GatewayProcess> {
  await ensureBuiltCli();
  const directory = mkdtempSync(join(tmpdir(), "sluice-load-"));
  writeFileSync(join(directory, "sluice.yaml"), configYaml);
  const cli = startCli(["serve", "--config", "sluice.yaml", "--host", "127.0.0.1", "--port", "0"], {
    cwd: directory,
    env: { SLUICE_LOG_FORMAT: "json" },
  });
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  let match = LISTENING.exec(cli.stdout());
  while (match === null) {
    if (Date.now() > deadline || cli.child.exitCode !== null) {
      cli.child.kill("SIGKILL");
      rmSync(directory, { recursive: true, force: true });
      throw new Error(
        `the gateway did not start within ${LISTEN_TIMEOUT_MS} ms: ${cli.stderr().slice(0, 2000)}`,
      );
    }
    await sleep(20);
    match = LISTENING.exec(cli.stdout());
  }
  const pid = cli.child.pid as number;
  return {
    origin: match[1] as string,
    pid,
    cli,
    async stop(graceMs) {
      cli.child.kill("SIGTERM");
      const exited = await Promise.race([
        cli.exited.then((code) => `exit ${code}`),
        sleep(graceMs, undefined),
      ]);
      if (exited === undefined) {
        cli.child.kill("SIGKILL");
        await cli.exited;
      }
      rmSync(directory, { recursive: true, force: true });
      return exited ?? `killed after ${graceMs} ms`;
    },
  };
}
