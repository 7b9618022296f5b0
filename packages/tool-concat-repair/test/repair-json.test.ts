import { describe, expect, it } from "vitest";
import { repairJson } from "../src";

describe("repairJson", () => {
  it("parses strict JSON without repairing", () => {
    expect(repairJson('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] }, repaired: false });
  });

  it.each<[string, unknown, string]>([
    ["{'a': 'b'}", { a: "b" }, "single quotes"],
    ['{"a": 1,}', { a: 1 }, "a trailing comma"],
    ["{'a': True, 'b': False, 'c': None}", { a: true, b: false, c: null }, "Python literals"],
    ["{a: 1}", { a: 1 }, "unquoted keys"],
    ["{'cmd': 'echo }'}", { cmd: "echo }" }, "a brace inside single quotes"],
  ])("repairs %s (%s)", (text, value) => {
    expect(repairJson(text)).toEqual({ ok: true, value, repaired: true });
  });

  it.each([['{"a": "b'], ['{"a": [1,'], ["{'command': 'rm -rf /tmp/x"]])(
    "refuses truncated %s instead of closing it",
    (text) => {
      expect(repairJson(text)).toEqual({ ok: false, reason: "truncated" });
    },
  );

  it("reports what jsonrepair cannot repair as malformed", () => {
    expect(repairJson("{: :}")).toEqual({ ok: false, reason: "malformed" });
  });

  it("reports a jsonrepair limitation, a `{` inside single quotes, as malformed rather than guessing", () => {
    // jsonrepair 3.15 throws on `{'a': '{'}`; the scan knows it is complete, so it is not truncated.
    expect(repairJson("{'a': '{'}")).toEqual({ ok: false, reason: "malformed" });
  });
});
