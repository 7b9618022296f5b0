import { encodeSseEvents } from "@sluice/protocol-anthropic";
import { readExchangeFile } from "../record/read-exchange-file";
import { replayExchange } from "../record/replay-exchange";
import { CliError } from "./cli-error";
import type { ReplayCommandLine } from "./parse-command-line";

/**
 * `sluice replay FILE`: the recorded upstream reads through today's pipeline. The events go to stdout
 * (SSE, or one JSON event per line), the verdict against the recorded events to stderr. Exit 0 when it
 * ran, whatever the verdict, unless `--check` asks for 1 on a difference; 1 for a file it cannot use.
 */
export function replayCommand(
  commandLine: ReplayCommandLine,
  writeOut: (text: string) => void,
  writeError: (text: string) => void,
): number {
  const { file } = commandLine;
  const read = readExchangeFile(file);
  if (!read.ok) throw new CliError(`${file}: ${read.message}`, { exitCode: 1, showUsage: false });
  const outcome = replayExchange(read.exchange);
  if (outcome.kind === "invalid") {
    throw new CliError(`${file}: ${outcome.message}`, { exitCode: 1, showUsage: false });
  }
  if (outcome.kind === "no-stream") {
    writeError(`sluice: ${file}: ${outcome.reason}; nothing to replay\n`);
    return 0;
  }
  const { events } = outcome;
  writeOut(
    commandLine.format === "sse"
      ? encodeSseEvents(events)
      : events.map((event) => `${JSON.stringify(event)}\n`).join(""),
  );
  const reads = read.exchange.upstream.reads.length;
  const verdict =
    outcome.difference === undefined
      ? `the events equal the recorded ones${outcome.truncated ? " up to where the recording was truncated" : ""}`
      : `the events differ from the recorded ones: ${outcome.difference}`;
  writeError(`sluice: replayed ${reads} upstream reads of ${file}: ${verdict}\n`);
  return outcome.difference !== undefined && commandLine.check ? 1 : 0;
}
