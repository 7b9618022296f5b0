import { describe, expect, it } from "vitest";
import { CliError } from "../../src/cli/cli-error";
import { readLogSettings } from "../../src/cli/read-log-settings";

describe("readLogSettings", () => {
  it("defaults to info, pretty with colours on a terminal, JSON lines elsewhere", () => {
    expect(readLogSettings({}, true)).toEqual({ level: "info", format: "pretty", colors: true });
    expect(readLogSettings({}, false)).toEqual({ level: "info", format: "json", colors: false });
    expect(readLogSettings({ SLUICE_LOG_LEVEL: "", SLUICE_LOG_FORMAT: " " }, false)).toMatchObject({
      level: "info",
      format: "json",
    });
  });

  it("takes the variables, case-insensitively, and honours NO_COLOR", () => {
    expect(readLogSettings({ SLUICE_LOG_LEVEL: "Debug", SLUICE_LOG_FORMAT: "JSON" }, true)).toEqual({
      level: "debug",
      format: "json",
      colors: true,
    });
    expect(readLogSettings({ SLUICE_LOG_FORMAT: "pretty" }, false)).toEqual({
      level: "info",
      format: "pretty",
      colors: false,
    });
    expect(readLogSettings({ NO_COLOR: "1" }, true).colors).toBe(false);
  });

  it("rejects an unknown level or format in one line, exit 2 without the usage", () => {
    for (const env of [{ SLUICE_LOG_LEVEL: "verbose" }, { SLUICE_LOG_FORMAT: "text" }]) {
      let caught: unknown;
      try {
        readLogSettings(env, false);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CliError);
      expect((caught as CliError).exitCode).toBe(2);
      expect((caught as CliError).showUsage).toBe(false);
      expect((caught as CliError).message).toMatch(/^SLUICE_LOG_(LEVEL|FORMAT)="(verbose|text)" is not a/);
    }
  });
});
