import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli/cli-error";
import { parseCommandLine } from "../../src/cli/parse-command-line";

function errorOf(argv: string[]): CliError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error(`no error for ${argv.join(" ")}`);
}

describe("parseCommandLine", () => {
  it("reads serve with its overrides and check", () => {
    expect(parseCommandLine(["serve", "-c", "a.yaml", "--host", "::1", "--port", "0"])).toEqual({
      command: "serve",
      configPath: "a.yaml",
      host: "::1",
      port: 0,
    });
    expect(parseCommandLine(["serve", "--config=a.yaml"])).toEqual({
      command: "serve",
      configPath: "a.yaml",
      host: undefined,
      port: undefined,
    });
    expect(parseCommandLine(["check", "--config", "a.yaml"])).toEqual({
      command: "check",
      configPath: "a.yaml",
      strict: false,
    });
    expect(parseCommandLine(["check", "--strict", "-c", "a.yaml"])).toEqual({
      command: "check",
      configPath: "a.yaml",
      strict: true,
    });
  });

  it("reads sluice.yaml here when serve or check is given no --config, as code and codex do", () => {
    expect(parseCommandLine(["check", "--strict"])).toEqual({
      command: "check",
      configPath: "sluice.yaml",
      strict: true,
    });
    expect(parseCommandLine(["serve", "--port", "0"])).toMatchObject({
      command: "serve",
      configPath: "sluice.yaml",
    });
  });

  it("reads replay with its file, format and --check", () => {
    expect(parseCommandLine(["replay", "x.json"])).toEqual({
      command: "replay",
      file: "x.json",
      format: "sse",
      check: false,
    });
    expect(parseCommandLine(["replay", "--format", "json", "--check", "x.json"])).toEqual({
      command: "replay",
      file: "x.json",
      format: "json",
      check: true,
    });
  });

  it("reads code and codex: sluice's own options first, the rest for the client as it is", () => {
    expect(parseCommandLine(["code"])).toEqual({
      command: "code",
      configPath: undefined,
      model: undefined,
      clientArgs: [],
    });
    expect(
      parseCommandLine(["code", "--config", "a.yaml", "--model=qwen3.5", "-p", "hi", "--model", "x"]),
    ).toEqual({
      command: "code",
      configPath: "a.yaml",
      model: "qwen3.5",
      clientArgs: ["-p", "hi", "--model", "x"],
    });
    // `-c` is Codex's own --config; `--` hands the rest over, even sluice's option names.
    expect(parseCommandLine(["codex", "--config=a.yaml", "-c", "x=1", "exec", "hi"])).toEqual({
      command: "codex",
      configPath: "a.yaml",
      model: undefined,
      clientArgs: ["-c", "x=1", "exec", "hi"],
    });
    expect(parseCommandLine(["codex", "--", "--config", "k=v"])).toMatchObject({
      configPath: undefined,
      clientArgs: ["--config", "k=v"],
    });
    expect(parseCommandLine(["code", "--help"])).toEqual({ command: "help" });
    expect(parseCommandLine(["code", "--", "--help"])).toMatchObject({ clientArgs: ["--help"] });
    expect(errorOf(["code", "--model"]).message).toBe("--model needs a value");
    expect(errorOf(["code", "--config="]).message).toBe("--config needs a value");
    expect(errorOf(["--config", "a.yaml", "code"]).message).toBe(
      "code comes first: sluice code [--config FILE] [--model NAME] [--] [ARGS…]",
    );
  });

  it("answers --help and --version before anything else", () => {
    expect(parseCommandLine(["--help"])).toEqual({ command: "help" });
    expect(parseCommandLine(["serve", "-h"])).toEqual({ command: "help" });
    expect(parseCommandLine(["help"])).toEqual({ command: "help" });
    expect(parseCommandLine(["--version"])).toEqual({ command: "version" });
    expect(parseCommandLine(["-v"])).toEqual({ command: "version" });
  });

  it("says what is wrong in one line, exit 2 with the usage", () => {
    const cases: [string[], string][] = [
      [[], "missing command (serve, check, replay, code or codex)"],
      [["start"], 'unknown command "start" (expected serve, check, replay, code or codex)'],
      [["serve", "-c", "a.yaml", "extra"], 'unexpected argument "extra"'],
      [["serve", "-c", "a.yaml", "--log", "x"], 'unknown option "--log"'],
      [["serve", "-c", "a.yaml", "-x"], 'unknown option "-x"'],
      [["serve", "-c"], "--config needs a value"],
      [["serve", "--help=yes"], "--help takes no value"],
      [["serve", "--config", ""], "--config needs a file"],
      [["serve", "-c", "a.yaml", "--host", ""], "--host must not be empty"],
      [
        ["serve", "-c", "a.yaml", "--port", "65536"],
        '--port must be an integer from 0 to 65535, got "65536"',
      ],
      [
        ["serve", "-c", "a.yaml", "--port", "-1"],
        '--port needs a value (one that starts with "-": --port=VALUE)',
      ],
      [["serve", "-c", "a.yaml", "--port=-1"], '--port must be an integer from 0 to 65535, got "-1"'],
      [["check", "-c", "a.yaml", "--host", "0.0.0.0"], "--host is an option of serve, not of check"],
      [["serve", "-c", "a.yaml", "--check"], "--check is an option of replay, not of serve"],
      [["check", "-c", "a.yaml", "--format", "sse"], "--format is an option of replay, not of check"],
      [["serve", "-c", "a.yaml", "--strict"], "--strict is an option of check, not of serve"],
      [["replay", "x.json", "--strict"], "--strict is not an option of replay"],
      [["replay"], "replay needs the recording: sluice replay FILE"],
      [["replay", "a.json", "b.json"], 'unexpected argument "b.json"'],
      [["replay", "a.json", "-c", "a.yaml"], "--config is not an option of replay"],
      [["replay", "a.json", "--format", "yaml"], '--format must be sse or json, got "yaml"'],
    ];
    for (const [argv, message] of cases) {
      const error = errorOf(argv);
      expect(error.message).toBe(message);
      expect(error.message).not.toContain("\n");
      expect(error.exitCode).toBe(2);
      expect(error.showUsage).toBe(true);
    }
  });
});
