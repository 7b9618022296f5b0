import { createParserContext, type Segment } from "@sluice/core";
import { segmentText } from "@sluice/core/testkit";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import { describe, expect, it } from "vitest";
import {
  CALL_BEGIN,
  CALL_END,
  CALLS_BEGIN,
  CALLS_END,
  DeepseekV31ToolParser,
  deepseekV31ToolDialect,
  END_OF_SENTENCE,
  TOOL_SEP,
} from "../src";

const tool = deepseekV31ToolDialect();

/** A V3.1 call: `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜>`. */
function call(name: string, argumentsJson: string): string {
  return `${CALL_BEGIN}${name}${TOOL_SEP}${argumentsJson}${CALL_END}`;
}

/** A V3 call: `function<｜tool▁sep｜>NAME\n```json\n{json}\n```` . */
function v3Call(name: string, argumentsJson: string): string {
  return `${CALL_BEGIN}function${TOOL_SEP}${name}\n\`\`\`json\n${argumentsJson}\n\`\`\`${CALL_END}`;
}

function calls(...entries: string[]): string {
  return `${CALLS_BEGIN}${entries.join("")}${CALLS_END}`;
}

/** Every way to cut `text` in two, plus one character per chunk: the summary must not change. */
function allTwoPieceSplits(text: string): string[][] {
  const splits: string[][] = [[text], [...text]];
  for (let at = 1; at < text.length; at++) splits.push([text.slice(0, at), text.slice(at)]);
  return splits;
}

describe("deepseek_v31: the markers", () => {
  it("are the exact bytes of DeepSeek's tokens (full-width ｜ U+FF5C, ▁ U+2581)", () => {
    // UTF-8 bytes in hex, space-separated, as a tokenizer dump shows them.
    const bytes = (text: string) => [...Buffer.from(text, "utf8")].map((byte) => byte.toString(16)).join(" ");
    expect(bytes(CALLS_BEGIN)).toBe(
      "3c ef bd 9c 74 6f 6f 6c e2 96 81 63 61 6c 6c 73 e2 96 81 62 65 67 69 6e ef bd 9c 3e",
    );
    expect(bytes(CALL_BEGIN)).toBe(
      "3c ef bd 9c 74 6f 6f 6c e2 96 81 63 61 6c 6c e2 96 81 62 65 67 69 6e ef bd 9c 3e",
    );
    expect(bytes(TOOL_SEP)).toBe("3c ef bd 9c 74 6f 6f 6c e2 96 81 73 65 70 ef bd 9c 3e");
    expect(bytes(CALL_END)).toBe(
      "3c ef bd 9c 74 6f 6f 6c e2 96 81 63 61 6c 6c e2 96 81 65 6e 64 ef bd 9c 3e",
    );
    expect(bytes(CALLS_END)).toBe(
      "3c ef bd 9c 74 6f 6f 6c e2 96 81 63 61 6c 6c 73 e2 96 81 65 6e 64 ef bd 9c 3e",
    );
    expect(bytes(END_OF_SENTENCE)).toBe(
      "3c ef bd 9c 65 6e 64 e2 96 81 6f 66 e2 96 81 73 65 6e 74 65 6e 63 65 ef bd 9c 3e",
    );
  });

  it("need no request fields: they are plain text in content with default server settings", () => {
    expect(tool.requestFields).toBeUndefined();
    expect(tool.aliases).toEqual(["deepseekv31", "deepseek_v3", "deepseekv3"]);
  });
});

describe("deepseek_v31: V3.1 calls", () => {
  it("streams a string value as it arrives, before the object closes", () => {
    const segments: Segment[] = [];
    const parser = new DeepseekV31ToolParser(
      { ...createParserContext({ thinking: false }), callStartPolicy: () => "all" },
      (segment) => segments.push(segment),
    );
    parser.push(`Running it.${CALLS_BEGIN}${CALL_BEGIN}Bash${TOOL_SEP}`);
    expect(segments.filter((segment) => segment.type === "tool-call-start")).toEqual([]);
    parser.push('{"command": "ls');
    expect(segments.find((segment) => segment.type === "tool-call-start")).toEqual({
      type: "tool-call-start",
      callIndex: 0,
      name: "Bash",
    });
    parser.push(" -la /tm");
    const deltas = () =>
      segments.map((segment) => (segment.type === "tool-call-delta" ? segment.argumentsJson : "")).join("");
    expect(deltas()).toBe('{"command": "ls -la /tm');
    parser.push(`p"}${CALL_END}${CALLS_END}${END_OF_SENTENCE}`);
    parser.end();
    expect(deltas()).toBe('{"command": "ls -la /tmp"}');
    expect(segments.map((segment) => ("text" in segment ? segment.text : "")).join("")).toBe(
      `Running it.${CALLS_BEGIN}${CALL_BEGIN}Bash${TOOL_SEP}{"command": "ls -la /tmp"}${CALL_END}${CALLS_END}${END_OF_SENTENCE}`,
    );
  });

  it("reads several calls, whitespace around the markers, and drops a trailing end-of-sentence marker", () => {
    const input = `Two lookups.${CALLS_BEGIN}\n${CALL_BEGIN} get_weather ${TOOL_SEP} {"city": "Paris"} ${CALL_END}\n${call("get_news", "{}")}\n${CALLS_END}${END_OF_SENTENCE}\n`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls.map((entry) => [entry.name, entry.arguments])).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_news", {}],
      ]);
      expect(result.content).toBe("Two lookups.\n");
      expect(result.warnings).toEqual([]);
    }
  });

  it("keeps an end-of-sentence marker that text follows", () => {
    const input = `Quoting ${END_OF_SENTENCE} in prose.`;
    expect(segmentText({ tool }, input).content).toBe(input);
  });

  it("reads a tool named `function` in V3.1's form", () => {
    const result = segmentText({ tool }, calls(call("function", '{"x": 1}')));
    expect(result.calls.map((entry) => [entry.name, entry.arguments])).toEqual([["function", { x: 1 }]]);
  });

  it("keeps the markers written inside a JSON string as data", () => {
    const value = `fixture: ${CALL_END}${CALLS_END} }`;
    const input = calls(call("write", JSON.stringify({ content: value })));
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ content: value }]);
      expect(result.content).toBeNull();
    }
  });
});

describe("deepseek_v31: V3 calls (`function<｜tool▁sep｜>NAME` and a json fence)", () => {
  it("reads the fenced arguments, in any split", () => {
    const input = `${CALLS_BEGIN}\n${v3Call("search", '{"query": "rust"}')}\n${v3Call("translate", '{\n  "text": "Hello"\n}')}\n${CALLS_END}${END_OF_SENTENCE}`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls.map((entry) => [entry.name, entry.arguments])).toEqual([
        ["search", { query: "rust" }],
        ["translate", { text: "Hello" }],
      ]);
      expect(result.content).toBeNull();
      expect(result.warnings).toEqual([]);
    }
  });

  it("repairs near-JSON inside the fence, leaving the fence out", () => {
    const result = segmentText({ tool }, calls(v3Call("f", "{'a': 1, 'b': None}")));
    expect(result.calls.map((entry) => entry.arguments)).toEqual([{ a: 1, b: null }]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["deepseek_v31.repaired_arguments"]);
  });
});

describe("deepseek_v31: what is not a call stays text", () => {
  it.each([
    ["a calls opener followed by prose", `The token ${CALLS_BEGIN} opens calls.`],
    ["a name followed by prose", calls(`${CALL_BEGIN}foo${TOOL_SEP}not json${CALL_END}`)],
    ["a name with a space", calls(call("get weather", "{}"))],
    ["an opener cut by the end of the stream", `Almost ${CALLS_BEGIN}${CALL_BEGIN}get_wea`],
  ])("%s", (_name, input) => {
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls).toEqual([]);
      expect(result.content).toBe(input);
    }
  });
});

describe("deepseek_v31: JSON that is not strict, and streams that are cut", () => {
  it("streams strict members, then repairs a near-JSON tail at the close", () => {
    const input = calls(call("f", '{"path": "a.txt", "overwrite": True,}'));
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ path: "a.txt", overwrite: true }]);
      expect(result.warnings.map((warning) => warning.code)).toEqual(["deepseek_v31.repaired_arguments"]);
    }
  });

  it("cuts a call the stream ended inside, with a warning: nothing closes its arguments", () => {
    const input = `${CALLS_BEGIN}${CALL_BEGIN}Bash${TOOL_SEP}{"command": "git status", "timeout": 12`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool }, chunks);
      expect(result.problems).toEqual([]);
      // What went out stops before the number that may have been cut: it is not guessed, nor closed.
      expect(result.calls).toMatchObject([{ argumentsJson: '{"command": "git status"', cut: true }]);
      expect(result.markup).toBe(input);
      expect(result.warnings.map((warning) => warning.code)).toEqual([
        "deepseek_v31.unterminated_call",
        "deepseek_v31.truncated_arguments",
      ]);
    }
  });

  it("keeps a near-JSON call cut by the end of the stream as text, never run", () => {
    const input = `${CALLS_BEGIN}${CALL_BEGIN}Bash${TOOL_SEP}{'command': 'rm -rf /tmp/bu`;
    const result = segmentText({ tool }, input);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(input);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["deepseek_v31.truncated_arguments"]);
  });
});

describe("deepseek_v31 behind deepseek_v41 (preset deepseek-v3.1)", () => {
  it("ends the reasoning at the calls opener (the model skipped </think>)", () => {
    const input = `I should look it up.${calls(call("get_weather", '{"city": "Tokyo"}'))}${END_OF_SENTENCE}`;
    for (const chunks of allTwoPieceSplits(input)) {
      const result = segmentText({ tool, reasoning: deepseekV41ReasoningDialect(), thinking: true }, chunks);
      expect(result.problems).toEqual([]);
      expect(result.reasoning).toBe("I should look it up.");
      expect(result.calls.map((entry) => entry.arguments)).toEqual([{ city: "Tokyo" }]);
      expect(result.content).toBeNull();
    }
  });
});
