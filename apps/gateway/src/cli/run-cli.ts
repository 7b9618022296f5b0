import { ConfigError } from "../config/config-error";
import { checkCommand } from "./check-command";
import { CliError } from "./cli-error";
import { clientCommand } from "./client-command";
import { guardStandardStreams } from "./guard-standard-streams";
import { parseCommandLine } from "./parse-command-line";
import { replayCommand } from "./replay-command";
import { serveCommand } from "./serve-command";
import { SLUICE_VERSION } from "./sluice-version";
import { USAGE } from "./usage";

const writeOut = (text: string): void => void process.stdout.write(text);
const writeError = (text: string): void => void process.stderr.write(text);

/**
 * Arguments → an exit code (for `code`/`codex`, the client's), or undefined while `serve` runs. A user mistake (arguments, environment,
 * config) is reported in plain words, never as a stack trace.
 */
export async function runCli(argv: readonly string[]): Promise<number | undefined> {
  guardStandardStreams();
  try {
    const commandLine = parseCommandLine(argv);
    switch (commandLine.command) {
      case "help":
        writeOut(`${USAGE}\n`);
        return 0;
      case "version":
        writeOut(`sluice ${SLUICE_VERSION}\n`);
        return 0;
      case "check":
        return await checkCommand(commandLine, writeOut);
      case "serve":
        return await serveCommand(commandLine, writeOut);
      case "replay":
        return replayCommand(commandLine, writeOut, writeError);
      case "code":
      case "codex":
        return await clientCommand(commandLine, writeError);
    }
  } catch (error) {
    if (error instanceof CliError) {
      writeError(`sluice: ${error.message}\n${error.showUsage ? `\n${USAGE}\n` : ""}`);
      return error.exitCode;
    }
    // Its message lists every problem with its path, one per line.
    if (error instanceof ConfigError) {
      writeError(`sluice: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
