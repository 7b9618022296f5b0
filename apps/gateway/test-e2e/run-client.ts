import { spawn } from "node:child_process";

export interface ClientRun {
  readonly exitCode: number | null;
  /** stdout, one entry per non-empty line (both CLIs print JSON lines). */
  readonly lines: string[];
  readonly stderr: string;
}

export interface ClientCommand {
  readonly args: readonly string[];
  readonly cwd: string;
  /** The whole environment: only what the run needs, so a developer's own keys never leak into it. */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

/**
 * Runs a client CLI through `npx -y` (Claude Code, Codex) and collects its output. Bounded: the child
 * gets its own process group (npx starts node, which may start a native binary), and the whole group is
 * killed when it runs past `timeoutMs`; only processes this run started are ever signalled.
 */
export function runClient(command: ClientCommand): Promise<ClientRun> {
  const lines: string[] = [];
  let stderr = "";
  return new Promise((resolve) => {
    const child = spawn("npx", ["-y", ...command.args], {
      cwd: command.cwd,
      env: {
        ...command.env,
        npm_config_update_notifier: "false",
        ...(process.env.npm_config_registry === undefined
          ? {}
          : { npm_config_registry: process.env.npm_config_registry }),
      },
      // stdin closed: `codex exec` would otherwise wait to append piped input to the prompt.
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let pending = "";
    child.stdout.on("data", (part: Buffer) => {
      pending += part.toString("utf8");
      const complete = pending.split("\n");
      pending = complete.pop() ?? "";
      lines.push(...complete.filter((line) => line.trim() !== ""));
    });
    child.stderr.on("data", (part: Buffer) => {
      stderr += part.toString("utf8");
    });
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, command.timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (pending.trim() !== "") lines.push(pending);
      resolve({ exitCode: code, lines, stderr });
    });
  });
}

/** The JSON objects among a run's lines (other lines, such as npm notices, are skipped). */
export function jsonLines<Line>(lines: readonly string[]): Line[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Line];
    } catch {
      return [];
    }
  });
}
