import { runCli } from "./cli/run-cli";

// The `sluice` bin (dist/cli.js). Everything lives in ./cli; this file only runs it and sets the exit code.
runCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    // Not a user mistake (those are reported by runCli): a bug, so the stack helps.
    process.stderr.write(
      `sluice: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
