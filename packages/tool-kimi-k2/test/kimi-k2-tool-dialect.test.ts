import { createParserContext, type Segment } from "@sluice/core";
import { segmentText } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { describe, expect, it } from "vitest";
import { KimiK2ToolParser, kimiFunctionName, kimiK2ToolDialect } from "../src";

const tool = kimiK2ToolDialect();

function call(id: string, argumentsJson: string): string {
  return `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${argumentsJson}<|tool_call_end|>`;
}

function section(...calls: string[]): string {
  return `<|tool_calls_section_begin|>${calls.join("")}<|tool_calls_section_end|>`;
}

/** Every way to cut `text` in two, plus one character per chunk: the summary must not change. */
function allTwoPieceSplits(text: string): string[][] {
  const splits: string[][] = [[text], [...text]];
  for (let at = 1; at < text.length; at++) splits.push([text.slice(0, at), text.slice(at)]);
  return splits;
}

describe("kimi_k2: the descriptor", () => {
  it("asks the server to keep the special-token markers, unspaced", () => {
    expect(tool.requestFields).toEqual({ skip_special_tokens: false, spaces_between_special_tokens: false });
    expect(tool.markers).toContain("<|tool_calls_section_begin|>");
  });
});

describe("kimi_k2: ids and names", () => {
  it.each([
    ["functions.get_weather:0", "get_weather"],
    ["functions.api.tools.search:12", "api.tools.search"],
    ["get_weather:3", "get_weather"],
    ["functions.mcp__server__read-file:1", "mcp__server__read-file"],
    ["functions.a:b:0", "a:b"],
  ])("%s names %s", (id, name) => {
    expect(kimiFunctionName(id)).toBe(name);
  });

  it.each([
    "functions.get_weather.0",
    "functions.get_weather:x",
    "functions.:0",
    ":0",
    "get weather:0",
    "call_abc",
  ])("%s is not a call id", (id) => {
    expect(kimiFunctionName(id)).toBeUndefined();
  });

  it("passes no upstream id (functions.NAME:IDX is not a valid Anthropic id: the sequencer mints one)", () => {
    const result = segmentText({ tool }, section(call("functions.api.tools.search:0", '{"q": "x"}')));
    expect(result.problems).toEqual([]);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.name).toBe("api.tools.search");
    expect(result.calls[0]).not.toHaveProperty("upstreamId");
    const start = result.segments.find((segment) => segment.type === "tool-call-start");
    expect(start).toEqual({ type: "tool-call-start", callIndex: 0, name: "api.tools.search" });
  });
});

describe("kimi_k2: calls", () => {
  it("streams a string value as it arrives, before the object closes", () => {
    const segments: Segment[] = [];
    const parser = new KimiK2ToolParser(
      { ...createParserContext({ thinking: false }), callStartPolicy: () => "all" },
      (segment) => segments.push(segment),
    );
    parser.push("Running it.<|tool_calls_section_begin|><|tool_call_begin|>functions.Bash:0");
    expect(segments.filter((segment) => segment.type === "tool-call-start")).toEqual([]);
    parser.push('<|tool_call_argument_begin|>{"command": "ls');
    expect(segments.find((segment) => segment.type === "tool-call-start")).toMatchObject({ name: "Bash" });
    parser.push(" -la /tm");
    const deltas = () =>
      segments.map((segment) => (segment.type === "tool-call-delta" ? segment.argumentsJson : "")).join("");
    expect(deltas()).toBe('{"command": "ls -la /tm');
    parser.push('p"}<|tool_call_end|><|tool_calls_section_end|>');
    parser.end();
    expect(deltas()).toBe('{"command": "ls -la /tmp"}');
    expect(segments).toContainEqual({ type: "tool-call-end", callIndex: 0 });
  });

  it("reads several calls in one section, with whitespace and newlines around the markers", () => {
    const input = `Two lookups.\n<|tool_calls_section_begin|>\n <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> {"city": "Paris"} <|tool_call_end|>\n<|tool_call_begin|>functions.get_news:1<|tool_call_argument_begin|>{}<|tool_call_end|>\n<|tool_calls_section_end|>\nDone.`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls.map((entry) => [entry.name, entry.arguments])).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_news", {}],
      ]);
      expect(result.content).toBe("Two lookups.\n\nDone.");
    }
  });

  it("keeps the markers written inside a JSON string as data", () => {
    const value = "fixture: <|tool_call_end|><|tool_calls_section_end|> }";
    const input = section(call("functions.write:0", JSON.stringify({ content: value })));
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ content: value }]);
      expect(result.content).toBeNull();
    }
  });

  it("reads the singular section markers and a call without a section (content only)", () => {
    const singular = `<|tool_call_section_begin|>${call("functions.a:0", "{}")}<|tool_call_section_end|>`;
    expect(segmentText({ tool }, singular).calls.map((entry) => entry.name)).toEqual(["a"]);
    const bare = `Text ${call("functions.b:0", '{"x": 1}')} after`;
    const result = segmentText({ tool }, bare);
    expect(result.calls.map((entry) => entry.arguments)).toEqual([{ x: 1 }]);
    expect(result.content).toBe("Text  after");
  });

  it("makes `{…}{…}` one call per object, with the same name", () => {
    const result = segmentText({ tool }, section(call("functions.read:0", '{"path": "a"} {"path": "b"}')));
    expect(result.problems).toEqual([]);
    expect(result.calls.map((entry) => [entry.name, entry.arguments])).toEqual([
      ["read", { path: "a" }],
      ["read", { path: "b" }],
    ]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.split_arguments"]);
  });
});

describe("kimi_k2: what is not a call stays text", () => {
  it.each([
    ["an opener followed by prose", "See <|tool_calls_section_begin|> in the docs."],
    ["an id without :IDX", `${section(call("functions.get_weather", "{}"))}`],
    ["arguments that are not an object", `${section(call("functions.f:0", "[1, 2]"))}`],
    ["a closer with nothing open", "stray <|tool_call_end|> and <|tool_calls_section_end|>"],
    [
      "an opener cut by the end of the stream",
      "Almost <|tool_calls_section_begin|><|tool_call_begin|>functions.f",
    ],
  ])("%s", (_name, input) => {
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls).toEqual([]);
      expect(result.content).toBe(input);
    }
  });

  it("reads an empty section as markup", () => {
    const result = segmentText(
      { tool },
      "Before <|tool_calls_section_begin|> <|tool_calls_section_end|> after",
    );
    expect(result.content).toBe("Before  after");
    expect(result.calls).toEqual([]);
  });

  it("refuses every start under the `none` policy", () => {
    const segments: Segment[] = [];
    const parser = new KimiK2ToolParser(
      { ...createParserContext({ thinking: false }), callStartPolicy: () => "none" },
      (segment) => segments.push(segment),
    );
    const input = section(call("functions.f:0", "{}"));
    parser.push(input);
    parser.end();
    expect(segments.filter((segment) => segment.type !== "text")).toEqual([]);
    expect(segments.map((segment) => ("text" in segment ? segment.text : "")).join("")).toBe(input);
  });
});

describe("kimi_k2: JSON that is not strict, and streams that are cut", () => {
  it("holds a call written in near-JSON from its first key, then repairs it", () => {
    const input = section(call("functions.f:0", "{'path': 'a.txt', 'force': True}"));
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ path: "a.txt", force: true }]);
      expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.repaired_arguments"]);
    }
  });

  it("keeps a near-JSON call that cannot be repaired as text, never run", () => {
    const input = `Text ${section(call("functions.f:0", "{not json at all}"))}`;
    const result = segmentText({ tool }, input);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(input);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.malformed_arguments"]);
  });

  it("streams strict members, then repairs a near-JSON tail at the close", () => {
    const input = section(call("functions.f:0", '{"command": "echo "hi"", "dry": False}'));
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ command: 'echo "hi"', dry: false }]);
      expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.repaired_arguments"]);
    }
  });

  it("cuts a call the stream ended inside, with a warning: nothing closes its arguments", () => {
    const input = `${"<|tool_calls_section_begin|><|tool_call_begin|>functions.write:0<|tool_call_argument_begin|>"}{"path": "a.txt", "content": "line one\\nline t`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls).toMatchObject([
        { argumentsJson: '{"path": "a.txt", "content": "line one\\nline t', ended: true, cut: true },
      ]);
      expect(result.markup).toBe(input);
      expect(result.warnings.map((warning) => warning.code)).toEqual([
        "kimi_k2.unterminated_call",
        "kimi_k2.truncated_arguments",
      ]);
    }
  });

  it("keeps a call whose object closed when only its end marker is missing at the end of the stream", () => {
    const input = `<|tool_calls_section_begin|>${"<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>"}{"a": 1}`;
    const result = segmentText({ tool }, input);
    expect(result.calls).toMatchObject([{ arguments: { a: 1 }, cut: false }]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.missing_call_end"]);
  });

  it("cuts a started call whose near-JSON tail does not repair, at its end marker too", () => {
    const input = section(call("functions.f:0", '{"command": "ls", invalid json}'));
    const result = segmentText({ tool }, input);
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([{ argumentsJson: '{"command": "ls"', cut: true }]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.malformed_arguments"]);
  });

  it("ends a call whose closer is missing at the next marker, with a warning", () => {
    const input = `<|tool_calls_section_begin|>${"<|tool_call_begin|>functions.a:0<|tool_call_argument_begin|>{}"}${call("functions.b:1", "{}")}<|tool_calls_section_end|>`;
    const result = segmentText({ tool }, input);
    expect(result.problems).toEqual([]);
    expect(result.calls.map((entry) => entry.name)).toEqual(["a", "b"]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k2.missing_call_end"]);
  });
});

describe("kimi_k2 behind qwen3 (preset kimi-k2.5)", () => {
  it("ends the reasoning at a section with a call (the model skipped </think>)", () => {
    const input = `I should look it up.${section(call("functions.get_weather:0", '{"city": "Tokyo"}'))}`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool, reasoning: qwen3ReasoningDialect(), thinking: true }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.reasoning).toBe("I should look it up.");
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ city: "Tokyo" }]);
    }
  });

  it("keeps a section opener cut by the end of the stream in the reasoning (peer case dr012)", () => {
    const input = ["<think>", "Some reasoning.", "<|tool_calls_section_begin|>"];
    const result = segmentText({ tool, reasoning: qwen3ReasoningDialect(), thinking: true }, input);
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("Some reasoning.<|tool_calls_section_begin|>");
    expect(result.calls).toEqual([]);
  });

  it("keeps a call opener without its section inside reasoning as reasoning", () => {
    const input = `Thinking about ${call("functions.f:0", "{}")} still thinking`;
    const result = segmentText({ tool, reasoning: qwen3ReasoningDialect(), thinking: true }, input);
    expect(result.calls).toEqual([]);
    expect(result.reasoning).toBe(input);
  });
});
