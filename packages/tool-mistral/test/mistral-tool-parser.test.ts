import { createParserContext, createSegmenter, type Segment } from "@sluice/core";
import { segmentText } from "@sluice/core/testkit";
import { mistralReasoningDialect } from "@sluice/reasoning-mistral";
import { describe, expect, it } from "vitest";
import { MistralToolParser, mistralToolCallId, mistralToolDialect } from "../src";

const mistral = mistralToolDialect();
const run = (chunks: readonly string[] | string) => segmentText({ tool: mistral }, chunks);
const codes = (result: ReturnType<typeof run>) => result.warnings.map((warning) => warning.code);

describe("mistral v11 / v13 calls", () => {
  it("reads v11's call id as the upstream's id", () => {
    const result = run('[TOOL_CALLS]get_weather[CALL_ID]abcDEF123[ARGS]{"city": "Paris"}');
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([
      { name: "get_weather", upstreamId: "abcDEF123", arguments: { city: "Paris" }, ended: true },
    ]);
  });

  it("reads a call whose [ARGS] the server dropped (vLLM's mistral tokenizer mode)", () => {
    const result = run('[TOOL_CALLS]add{"a": 3.5, "b": 4}');
    expect(result.calls).toMatchObject([{ name: "add", arguments: { a: 3.5, b: 4 } }]);
    expect(result.content).toBeNull();
  });

  it("streams a string value as it arrives, before the object closes", () => {
    const segments: Segment[] = [];
    const parser = new MistralToolParser(
      { ...createParserContext({ thinking: false }), callStartPolicy: () => "all" },
      (segment) => segments.push(segment),
    );
    parser.push('[TOOL_CALLS]Write[ARGS]{"content": "line one\\n');
    const deltas = () =>
      segments
        .flatMap((segment) => (segment.type === "tool-call-delta" ? [segment.argumentsJson] : []))
        .join("");
    expect(deltas()).toBe('{"content": "line one\\n');
    parser.push('line two"}');
    parser.end();
    expect(deltas()).toBe('{"content": "line one\\nline two"}');
    expect(segments.filter((segment) => segment.type === "tool-call-end")).toHaveLength(1);
  });

  it("cuts a call the stream ended inside, with a warning, never closing it by a guess", () => {
    const result = run('[TOOL_CALLS]bash[ARGS]{"command": "rm -rf /tmp/bu');
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([{ name: "bash", cut: true }]);
    expect(codes(result)).toContain("mistral.unterminated_call");
  });

  it("repairs arguments that are not strict JSON, up to the next [TOOL_CALLS]", () => {
    const result = run("[TOOL_CALLS]f[ARGS]{'a': True}[TOOL_CALLS]g[ARGS]{}");
    expect(result.calls).toMatchObject([
      { name: "f", arguments: { a: true } },
      { name: "g", arguments: {} },
    ]);
    expect(codes(result)).toEqual(["mistral.repaired_arguments"]);
  });

  it("makes {…}{…} one call per object, with a warning", () => {
    const result = run('[TOOL_CALLS]f[ARGS]{"a": 1}{"a": 2}');
    expect(result.calls).toMatchObject([
      { name: "f", arguments: { a: 1 } },
      { name: "f", arguments: { a: 2 } },
    ]);
    expect(codes(result)).toEqual(["mistral.split_arguments"]);
  });

  it("keeps text after the calls, and whitespace between calls as markup", () => {
    const result = run("[TOOL_CALLS]f[ARGS]{}\n[TOOL_CALLS]g[ARGS]{} Done.");
    expect(result.calls.map((call) => call.name)).toEqual(["f", "g"]);
    expect(result.content).toBe(" Done.");
  });

  it("passes a [TOOL_CALLS] with no call after it on as text", () => {
    for (const text of [
      "[TOOL_CALLS] is a token",
      "[TOOL_CALLS][ARGS]{}",
      "[TOOL_CALLS]f[ARGS] nope",
      "[TOOL_CALLS]",
    ]) {
      const result = run(text);
      expect(result.problems, text).toEqual([]);
      expect(result.calls, text).toEqual([]);
      expect(result.content, text).toBe(text);
    }
  });

  it("holds a header within bounds: a name past 256 characters is text", () => {
    const name = "x".repeat(300);
    const result = run(`[TOOL_CALLS]${name}[ARGS]{}`);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(`[TOOL_CALLS]${name}[ARGS]{}`);
  });
});

describe("mistral v3 lists", () => {
  it("reads the objects in either key order, each whole", () => {
    const result = run(
      '[TOOL_CALLS] [{"arguments": {"q": "x"}, "name": "search"}, {"name": "f", "arguments": "{\\"a\\": 1}"}]',
    );
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([
      { name: "search", arguments: { q: "x" } },
      { name: "f", arguments: { a: 1 } },
    ]);
    expect(result.content).toBeNull();
  });

  it("keeps an object that is not a call as text, with a warning, and reads the rest", () => {
    const result = run('[TOOL_CALLS] [{"tool": "f"}, {"name": "g", "arguments": {}}]');
    expect(result.calls.map((call) => call.name)).toEqual(["g"]);
    expect(result.content).toBe('{"tool": "f"}');
    expect(codes(result)).toEqual(["mistral.malformed_call"]);
  });

  it("keeps an object cut by the end of the stream as text, never run", () => {
    const result = run('[TOOL_CALLS] [{"name": "bash", "arguments": {"command": "ls');
    expect(result.problems).toEqual([]);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('{"name": "bash", "arguments": {"command": "ls');
    expect(codes(result)).toEqual(["mistral.unterminated_call"]);
  });
});

describe("mistral with its reasoning dialect", () => {
  it("ends an open [THINK] span at a call the model wrote without [/THINK]", () => {
    const result = segmentText(
      { reasoning: mistralReasoningDialect(), tool: mistral, thinking: true, startsInReasoning: false },
      ['[THINK]Check the weather.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}'],
    );
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("Check the weather.");
    expect(result.calls).toMatchObject([{ name: "get_weather", arguments: { city: "Paris" } }]);
  });

  it("reads [THINK], the answer and a call in one stream", () => {
    const segments: Segment[] = [];
    const segmenter = createSegmenter({
      reasoning: mistralReasoningDialect(),
      tool: mistral,
      context: createParserContext({ thinking: true, startsInReasoning: false }),
      sink: (segment) => segments.push(segment),
    });
    for (const piece of ["[THINK]", "plan[/THINK]", "Sure. [TOOL_", "CALLS]f[ARGS]{}"]) segmenter.push(piece);
    segmenter.end();
    expect(
      segments
        .filter((segment) => segment.type === "reasoning")
        .map((s) => s.text)
        .join(""),
    ).toBe("plan");
    expect(
      segments
        .filter((segment) => segment.type === "text")
        .map((s) => s.text)
        .join(""),
    ).toBe("Sure. ");
  });
});

describe("mistral's history ids", () => {
  it("are nine letters and digits, one per call of the conversation", () => {
    const ids = Array.from({ length: 2000 }, (_, index) => mistralToolCallId("f", index));
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mistral.historyToolCallId).toBe(mistralToolCallId);
  });
});
