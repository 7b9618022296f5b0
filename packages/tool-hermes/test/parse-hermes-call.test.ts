import { describe, expect, it } from "vitest";
import { parseHermesCall } from "../src";

describe("parseHermesCall", () => {
  it("takes the arguments' original text when the body parses as-is", () => {
    expect(parseHermesCall('{"name": "f", "arguments": {"n": 1.0}}')).toEqual({
      ok: true,
      name: "f",
      argumentsJson: ['{"n": 1.0}'],
      repaired: false,
      split: false,
    });
  });

  it("re-serializes the arguments of a repaired body", () => {
    expect(parseHermesCall("{'name': 'f', 'arguments': {'a': None}}")).toEqual({
      ok: true,
      name: "f",
      argumentsJson: ['{"a":null}'],
      repaired: true,
      split: false,
    });
  });

  it("decodes a JSON-string arguments value, keeping its text when it parsed as-is", () => {
    expect(parseHermesCall('{"name": "f", "arguments": "{\\"a\\": 1}"}')).toMatchObject({
      ok: true,
      argumentsJson: ['{"a": 1}'],
      repaired: false,
    });
  });

  it("an empty arguments string means {}", () => {
    expect(parseHermesCall('{"name": "f", "arguments": ""}')).toMatchObject({
      ok: true,
      argumentsJson: ["{}"],
    });
  });

  it("repairs a near-JSON arguments string", () => {
    expect(parseHermesCall('{"name": "f", "arguments": "{\'a\': True}"}')).toMatchObject({
      ok: true,
      argumentsJson: ['{"a":true}'],
      repaired: true,
    });
  });

  it.each([
    ['"just a string"', "not a JSON object"],
    ["[1]", "not a JSON object"],
    ['{"name": null}', '"name"'],
    ['{"name": "f", "arguments": true}', '"arguments" is a boolean'],
    ['{"name": "f", "parameters": null}', '"parameters" is null'],
    ['{"name": "f", "arguments": "{\\"a\\": [1,"}', "cut off"],
    ["{'name': 'f', 'arguments': {'a': 'b}", "cut off"],
    ["{: :}", "could not be repaired"],
  ])("%s is not a call (%s)", (body, reason) => {
    const result = parseHermesCall(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});
