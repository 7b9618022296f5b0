/** A user mistake the CLI reports in one line (no stack trace), with the exit code it ends with. */
export class CliError extends Error {
  readonly _tag = "CliError";
  readonly exitCode: number;
  /** Print the usage after the line (a bad command line, not a bad environment). */
  readonly showUsage: boolean;

  constructor(message: string, options: { readonly exitCode: number; readonly showUsage: boolean }) {
    super(message);
    this.name = "CliError";
    this.exitCode = options.exitCode;
    this.showUsage = options.showUsage;
  }
}
