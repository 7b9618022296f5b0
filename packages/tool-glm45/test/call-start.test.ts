import { createParserContext, type JsonSchema } from "@sluice/core";
import { normalizeSegments, runStream, summarize } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { Glm45ToolParser, glm45ToolDialect, glm47ToolDialect } from "../src";
import { argumentsOf, codesOf, createProbe, runGlm, runWithPolicy } from "./run-glm";

const WEATHER: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
};

describe("the descriptors", () => {
  it("are glm45 and glm47 with the peers' names, markers and one line each", () => {
    expect(glm45ToolDialect()).toMatchObject({ kind: "tool", id: "glm45", aliases: ["glm", "glm45_moe"] });
    expect(glm47ToolDialect()).toMatchObject({ kind: "tool", id: "glm47", aliases: ["glm47_moe"] });
    for (const dialect of [glm45ToolDialect(), glm47ToolDialect()]) {
      expect(dialect.markers).toEqual([
        "<tool_call>",
        "<arg_key>",
        "</arg_key>",
        "<arg_value>",
        "</arg_value>",
        "</tool_call>",
      ]);
      expect(dialect.description).not.toContain("\n");
    }
  });

  it("read both layouts alike and name their warnings after themselves", () => {
    const glm45 =
      "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>";
    const glm47 = "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>";
    for (const dialect of [glm45ToolDialect(), glm47ToolDialect()]) {
      for (const input of [glm45, glm47]) {
        expect(argumentsOf(runGlm(input, { dialect, tools: WEATHER }))).toEqual([{ city: "Paris" }]);
      }
    }
    const cut = "<tool_call>f<arg_key>a</arg_key><arg_value>x";
    expect(codesOf(runGlm(cut, { dialect: glm47ToolDialect() }))).toEqual(["glm47.unterminated_call"]);
    expect(codesOf(runGlm(cut, { dialect: glm45ToolDialect() }))).toEqual(["glm45.unterminated_call"]);
  });
});

describe("call start", () => {
  it("starts at <tool_call>NAME and keeps the whole source as markup (GLM-4.5 layout)", () => {
    const input =
      "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>";
    const result = runGlm(input, { tools: WEATHER });
    expect(result.calls).toMatchObject([
      { name: "get_weather", arguments: { city: "Paris", days: 3 }, ended: true },
    ]);
    expect(result.content).toBeNull();
    expect(result.markup).toBe(input);
    expect(result.warnings).toEqual([]);
  });

  it("starts at <tool_call>NAME<arg_key> (GLM-4.7 layout)", () => {
    const input =
      "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key><arg_value>3</arg_value></tool_call>";
    const result = runGlm(input, { tools: WEATHER });
    expect(argumentsOf(result)).toEqual([{ city: "Paris", days: 3 }]);
    expect(result).toMatchObject({ content: null, markup: input, warnings: [] });
  });

  it("emits tool-call-start and `{` as soon as the name is confirmed, never a prefix of it (vLLM #39757)", () => {
    const probe = createProbe();
    probe.parser.push("<tool_call>get_wea");
    expect(probe.started()).toBe(0);
    probe.parser.push("ther\n");
    expect(probe.started()).toBe(0);
    probe.parser.push("<arg_");
    expect(probe.started()).toBe(0);
    probe.parser.push("key>");
    expect(probe.segments).toContainEqual({ type: "tool-call-start", callIndex: 0, name: "get_weather" });
    expect(probe.argumentsJson()).toBe("{");
  });

  it("takes a zero-argument call whole at </tool_call> (d022, d028: vLLM #44326)", () => {
    expect(argumentsOf(runGlm("<tool_call>get_current_date</tool_call>"))).toEqual([{}]);
    expect(argumentsOf(runGlm("<tool_call>get_current_date\n</tool_call>"))).toEqual([{}]);
    const probe = createProbe();
    probe.parser.push("<tool_call>get_current_date");
    probe.parser.push("</tool_cal");
    expect(probe.started()).toBe(0);
    probe.parser.push("l>");
    expect(probe.started()).toBe(1);
    expect(probe.ended()).toBe(1);
    expect(probe.argumentsJson()).toBe("{}");
  });

  it("tolerates whitespace around NAME and bounds it (64 characters)", () => {
    expect(
      runGlm("<tool_call>\n f \n\n<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>").calls,
    ).toMatchObject([{ name: "f", arguments: { a: "1" } }]);
    expect(runGlm(`<tool_call>f${" ".repeat(64)}</tool_call>`).calls).toHaveLength(1);
    const tooFar = `<tool_call>f${" ".repeat(65)}</tool_call>`;
    expect(runGlm(tooFar)).toMatchObject({ content: tooFar, calls: [] });
  });

  it("passes <tool_call> followed by anything but NAME and <arg_key> or </tool_call> on as text (lossless)", () => {
    for (const input of [
      "<tool_call>   ",
      "<tool_call>tool call data",
      "<tool_call>get_weather\nI will call it now.",
      "<tool_call>get_weather(city='Paris')</tool_call>",
      '<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>',
      "<tool_call>{{ tc.name }}</tool_call>",
      "<tool_call><arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>",
      "<tool_call>get_weather<arg_value>Paris</arg_value></tool_call>",
      `<tool_call>${"x".repeat(257)}</tool_call>`,
    ]) {
      expect(runGlm(input), input).toMatchObject({ content: input, calls: [] });
    }
    const long = "x".repeat(256);
    expect(runGlm(`<tool_call>${long}</tool_call>`).calls).toMatchObject([{ name: long }]);
  });

  it("scans on right after a phantom opener (d052, d053: vLLM #60703)", () => {
    const result = runGlm(
      "text <tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>BJ</arg_value></tool_call>",
    );
    expect(result.content).toBe("text <tool_call>");
    expect(argumentsOf(result)).toEqual([{ city: "BJ" }]);
  });

  it("keeps stray closing tags and argument tags in text as text (docs/architecture.md I4)", () => {
    const input = "a </tool_call> b <arg_key>k</arg_key> c <arg_value>v</arg_value> d";
    expect(runGlm(input)).toMatchObject({ content: input, calls: [] });
  });

  it("holds an undecided start and passes it on as text at the end of the stream (d054)", () => {
    const probe = createProbe();
    probe.parser.push("text <tool_call>get_weather\n<arg_");
    expect(probe.parser.heldLength).toBe("<tool_call>get_weather\n<arg_".length);
    probe.parser.end();
    expect(probe.parser.heldLength).toBe(0);
    expect(summarize(normalizeSegments(probe.segments))).toMatchObject({
      content: "text <tool_call>get_weather\n<arg_",
      calls: [],
    });
  });

  it("emits a call to a tool the request did not offer, its values as raw strings (docs/dialects.md §2)", () => {
    const result = runGlm("<tool_call>other<arg_key>n</arg_key><arg_value>42</arg_value></tool_call>", {
      tools: WEATHER,
    });
    expect(result.calls).toMatchObject([{ name: "other", arguments: { n: "42" } }]);
  });
});

describe("call-start policy", () => {
  const call = "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>";

  it("accepts <tool_call>NAME under `all` and `explicit` (it is an explicit wrapper)", () => {
    expect(runWithPolicy([call], "all").calls).toHaveLength(1);
    expect(runWithPolicy([call], "explicit")).toMatchObject({
      calls: [{ arguments: { a: "1" } }],
      problems: [],
    });
  });

  it("accepts no call under `none`: the text stays what it was", () => {
    expect(runWithPolicy([call], "none")).toMatchObject({ calls: [], content: call, problems: [] });
  });

  it("asks the policy at each candidate start", () => {
    const answers = ["none", "all"] as const;
    let asked = 0;
    const context = {
      ...createParserContext({ thinking: false }),
      callStartPolicy: () => answers[Math.min(asked++, answers.length - 1)] ?? "all",
    };
    const segments = runStream((sink) => new Glm45ToolParser(context, sink), [`${call}${call}`]);
    const summary = summarize(normalizeSegments(segments));
    expect(summary.content).toBe(call);
    expect(summary.calls).toHaveLength(1);
    expect(asked).toBe(2);
  });
});
