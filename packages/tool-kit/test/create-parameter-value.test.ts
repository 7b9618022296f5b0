import { describe, expect, it } from "vitest";
import { createParameterValue, parameterSchemasOf, type ValueOutput } from "../src";

function collect() {
  const deltas: string[] = [];
  const markup: string[] = [];
  const warnings: string[] = [];
  const output: ValueOutput = {
    delta: (json) => deltas.push(json),
    markup: (text) => markup.push(text),
    warning: (code) => warnings.push(code),
  };
  return { output, deltas, markup, warnings };
}

describe("createParameterValue", () => {
  it("streams a string value live, keeping every character with `exact` newlines", () => {
    const { output, deltas, markup } = collect();
    const value = createParameterValue(output, {
      name: "city",
      schema: { type: "string" },
      index: 1,
      dialect: "glm45",
      newlines: "exact",
    });
    value.append("\nPar");
    expect(deltas.join("")).toBe(', "city": "\\nPar');
    value.append("is\n");
    value.close();
    expect(JSON.parse(`{${deltas.join("").slice(2)}}`)).toEqual({ city: "\nParis\n" });
    expect(markup.join("")).toBe("\nParis\n");
  });

  it("types a non-string value at the close and warns with the dialect's code", () => {
    const { output, deltas, warnings } = collect();
    const value = createParameterValue(output, {
      name: "days",
      schema: { type: "integer" },
      index: 0,
      dialect: "x",
    });
    value.append("\nthree\n");
    value.close();
    expect(deltas.join("")).toBe('"days": "three"');
    expect(warnings).toEqual(["x.value_kept_as_string"]);
  });
});

describe("a value the stream cut (docs/dialects.md §2)", () => {
  const cut = (schema: unknown, pieces: readonly string[]) => {
    const { output, deltas, markup, warnings } = collect();
    const value = createParameterValue(output, { name: "v", schema, index: 0, dialect: "x" });
    for (const piece of pieces) value.append(piece);
    value.cut();
    return { json: deltas.join(""), markup: markup.join(""), warnings };
  };

  it("closes nothing, and gives what it held to the markup in source order", () => {
    // The held trailing newline and a high surrogate whose pair never came.
    expect(cut({ type: "string" }, ["\nhello wor\n"])).toEqual({
      json: '"v": "hello wor',
      markup: "\nhello wor\n",
      warnings: [],
    });
    expect(cut({ type: "string" }, ["a\ud83d"])).toEqual({
      json: '"v": "a',
      markup: "a\ud83d",
      warnings: [],
    });
    // A nullable value that may still be null has not even its opening quote.
    expect(cut({ type: ["string", "null"] }, ["nu"])).toEqual({ json: '"v": ', markup: "nu", warnings: [] });
    // A typed value is typed only at its close: nothing of it goes out, and no typing warning.
    expect(cut({ type: "integer" }, ["\nthr"])).toEqual({ json: "", markup: "\nthr", warnings: [] });
  });
});

describe("parameterSchemasOf", () => {
  it("gives the properties of the named tool, or undefined", () => {
    const tools = new Map([["f", { type: "object", properties: { a: { type: "string" } } }]]);
    expect(parameterSchemasOf(tools, "f")).toEqual(new Map([["a", { type: "string" }]]));
    expect(parameterSchemasOf(tools, "g")).toBeUndefined();
    expect(parameterSchemasOf(new Map([["f", {}]]), "f")).toBeUndefined();
  });
});
