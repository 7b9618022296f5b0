import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config";
import { compileServedConfig } from "../../src/server/served/compile-served-config";
import type { Upstream } from "../../src/upstream/upstream";

const MODELS = "models:\n  - name: m\n    upstream:\n      base_url: demo\n";

describe("server.console in the config", () => {
  it("is off by default, with a ring of 1,000 exchanges and 64 MiB", () => {
    const { server } = parseConfig(MODELS, {});
    expect(server).toMatchObject({ console: false, consoleMaxExchanges: 1000, consoleMaxBytes: 67_108_864 });
  });

  it("says so when workers would each keep a console of their own", () => {
    const config = parseConfig(`server:\n  console: true\n  workers: 2\n${MODELS}`, {});
    expect(config.warnings).toContainEqual(
      expect.stringContaining("each of the 2 workers keeps its own console"),
    );
    const alone = parseConfig(`server:\n  console: true\n${MODELS}`, {}).warnings;
    expect(alone.filter((warning) => warning.startsWith("server.console"))).toEqual([]);
  });

  it("refuses a console that is not true or false", () => {
    expect(() => parseConfig(`server:\n  console: yes please\n${MODELS}`, {})).toThrow(/server\.console/);
  });

  it("off (and no record_dir), gives exchanges no recorder: nothing is kept or done per read for it", () => {
    const capture = (yaml: string) =>
      compileServedConfig(parseConfig(yaml, {}), () => ({}) as Upstream).capture;
    expect(capture(MODELS)).toBeUndefined();
    expect(capture(`server:\n  console: false\n${MODELS}`)).toBeUndefined();
    expect(capture(`server:\n  console: true\n${MODELS}`)).toBeDefined();
  });
});
