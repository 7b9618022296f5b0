/** An invalid or unreadable config file; `problems` lists every problem, each with its path. */
export class ConfigError extends Error {
  readonly _tag = "ConfigError";
  readonly problems: readonly string[];

  constructor(source: string, problems: readonly string[]) {
    super(`Invalid config ${source}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}
