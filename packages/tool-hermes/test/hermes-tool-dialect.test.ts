import { createParserContext, type Segment } from "@sluice/core";
import { runStream, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { hermesToolDialect } from "../src";

const run = (chunks: string[] | string) => {
  const whole = segmentText({ tool: hermesToolDialect() }, chunks);
  // Every rule must hold in any chunking: one character per chunk gives the same segments.
  const input = typeof chunks === "string" ? chunks : chunks.join("");
  const perCharacter = segmentText({ tool: hermesToolDialect() }, Array.from(input));
  expect(perCharacter.segments).toEqual(whole.segments);
  expect(whole.problems).toEqual([]);
  return whole;
};
const calls = (result: ReturnType<typeof segmentText>) =>
  result.calls.map((call) => ({ name: call.name, argumentsJson: call.argumentsJson }));
const codes = (result: ReturnType<typeof segmentText>) => result.warnings.map((warning) => warning.code);
const call = (body: string) => `<tool_call>\n${body}\n</tool_call>`;

describe("hermesToolDialect (docs/dialects.md §2)", () => {
  it("is the hermes tool dialect", () => {
    expect(hermesToolDialect()).toMatchObject({ kind: "tool", id: "hermes" });
  });

  it("emits a call as start, one delta with the arguments text as written, end; its source as markup", () => {
    const input = call('{"name": "final_answer", "arguments": {"trigger": true}}');
    const result = run(input);
    expect(result.segments).toEqual([
      { type: "tool-call-start", callIndex: 0, name: "final_answer" },
      { type: "markup", text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}' },
      { type: "tool-call-delta", callIndex: 0, argumentsJson: '{"trigger": true}' },
      { type: "tool-call-end", callIndex: 0 },
      { type: "markup", text: "\n</tool_call>" },
    ]);
    expect(result.content).toBeNull();
  });

  it("keeps big integers and escapes byte-exact in the arguments", () => {
    const args = '{ "id": 12345678901234567890123, "s": "\\u00e9\\n" }';
    expect(calls(run(call(`{"name": "f", "arguments": ${args} }`)))).toEqual([
      { name: "f", argumentsJson: args },
    ]);
  });

  it("keeps text before, between and after calls exactly", () => {
    const result = run(`Sure. ${call('{"name": "a"}')}\n\nthen ${call('{"name": "b"}')} done`);
    expect(result.content).toBe("Sure. \n\nthen  done");
    expect(result.calls.map((each) => each.name)).toEqual(["a", "b"]);
  });

  it("accepts `parameters` for `arguments`", () => {
    expect(calls(run(call('{"name": "f", "parameters": {"x": [1, 2]}}')))).toEqual([
      { name: "f", argumentsJson: '{"x": [1, 2]}' },
    ]);
  });

  it("prefers `arguments` when both are given, and the last of repeated keys (as JSON.parse)", () => {
    expect(
      calls(run(call('{"name": "f", "parameters": {"p": 1}, "arguments": {"a": 1}, "arguments": {"a": 2}}'))),
    ).toEqual([{ name: "f", argumentsJson: '{"a": 2}' }]);
  });

  it("missing arguments mean {}", () => {
    expect(calls(run(call('{"name": "list_files"}')))).toEqual([{ name: "list_files", argumentsJson: "{}" }]);
  });

  it("decodes arguments given as a JSON string", () => {
    expect(calls(run(call('{"name": "f", "arguments": "{\\"path\\": \\"a.txt\\"}"}')))).toEqual([
      { name: "f", argumentsJson: '{"path": "a.txt"}' },
    ]);
  });

  it("splits an arguments string holding objects back to back into calls with the same name", () => {
    const result = run(call('{"name": "bash", "arguments": "{\\"c\\": 1}{\\"c\\": 2}"}'));
    expect(calls(result)).toEqual([
      { name: "bash", argumentsJson: '{"c": 1}' },
      { name: "bash", argumentsJson: '{"c": 2}' },
    ]);
    expect(codes(result)).toEqual(["hermes.split_arguments"]);
  });

  it("two call objects in one tag are two calls", () => {
    const result = run(
      '<tool_call>\n{"name": "a", "arguments": {}}\n{"name": "b", "arguments": {"x": 1}}\n</tool_call>',
    );
    expect(calls(result)).toEqual([
      { name: "a", argumentsJson: "{}" },
      { name: "b", argumentsJson: '{"x": 1}' },
    ]);
    expect(result.content).toBeNull();
  });

  it("every <tool_call> is a new call with a new index, also for the same function", () => {
    const result = run(`${call('{"name": "f"}')}${call('{"name": "f"}')}`);
    expect(result.calls.map((each) => each.callIndex)).toEqual([0, 1]);
  });

  it("repairs a near-JSON body, emits the repaired arguments and warns", () => {
    const result = run(call("{'name': 'f', 'arguments': {'force': True, 'path': 'a',},}"));
    expect(calls(result)).toEqual([{ name: "f", argumentsJson: '{"force":true,"path":"a"}' }]);
    expect(codes(result)).toEqual(["hermes.repaired_body"]);
  });

  it('a `}` inside a single-quoted near-JSON string ends the body early (JsonScanner knows only "): text, never a guessed call', () => {
    const input = "<tool_call>{'name': 'sh', 'arguments': {'cmd': 'echo }'}}</tool_call>";
    const result = run(input);
    expect(result).toMatchObject({ content: input, calls: [] });
    expect(codes(result)).toEqual(["hermes.unparseable_body"]);
  });

  it("a `</tool_call>` or a brace inside a JSON string is data (t092)", () => {
    const result = run(call('{"name": "w", "arguments": {"text": "} </tool_call> <tool_call>{"}}'));
    expect(calls(result)).toEqual([{ name: "w", argumentsJson: '{"text": "} </tool_call> <tool_call>{"}' }]);
  });

  it("completes the call when the object closes, without `</tool_call>` (t076)", () => {
    const result = run('<tool_call>\n{"name": "f", "arguments": {"a": 1}}');
    expect(calls(result)).toEqual([{ name: "f", argumentsJson: '{"a": 1}' }]);
    expect(result.content).toBeNull();
  });

  it("emits the call as soon as its object closes, before `</tool_call>` arrives", () => {
    const segments: Segment[] = [];
    const parser = hermesToolDialect().createParser(
      { ...createParserContext({ thinking: false }), callStartPolicy: () => "all" },
      (segment) => segments.push(segment),
    );
    parser.push('<tool_call>{"name": "f"}');
    expect(segments.map((segment) => segment.type)).toEqual([
      "tool-call-start",
      "markup",
      "tool-call-delta",
      "tool-call-end",
    ]);
    parser.push("\n</tool_call>");
    expect(segments.at(-1)).toEqual({ type: "markup", text: "\n</tool_call>" });
  });

  describe("a <tool_call> not followed by `{` is text", () => {
    it("keeps a quoted <tool_call> in prose and goes on scanning after it", () => {
      const result = run('Use the <tool_call> tag: <tool_call>{"name": "f"}</tool_call>');
      expect(result.content).toBe("Use the <tool_call> tag: ");
      expect(result.calls.map((each) => each.name)).toEqual(["f"]);
    });

    it("keeps `<tool_call>not valid json</tool_call>` verbatim (t094)", () => {
      const input = "<tool_call>not valid json</tool_call>";
      expect(run(input)).toMatchObject({ content: input, calls: [], warnings: [] });
    });

    it("confirms a call after up to 64 whitespace characters, not after more", () => {
      const near = `<tool_call>${" ".repeat(64)}{"name": "f"}`;
      expect(run(near).calls).toHaveLength(1);
      const far = `<tool_call>${" ".repeat(65)}{"name": "f"}`;
      expect(run(far)).toMatchObject({ content: far, calls: [] });
    });

    it("a <tool_call> directly before a real one is text", () => {
      const result = run('<tool_call><tool_call>{"name": "f"}</tool_call>');
      expect(result.content).toBe("<tool_call>");
      expect(result.calls).toHaveLength(1);
    });

    it("a <tool_call> at the end of the stream is text", () => {
      expect(run(["a <tool_call>", "\n "]).content).toBe("a <tool_call>\n ");
    });
  });

  it("keeps a stray </tool_call> in text (t095)", () => {
    expect(run("text</tool_call>more").content).toBe("text</tool_call>more");
  });

  it("holds a partial <tool_call> split across chunks and flushes it at the end (t081, t089)", () => {
    expect(run(["<tool_", 'call>{"name": "f"}</tool_call>']).calls).toHaveLength(1);
    expect(run(["after <tool_"]).content).toBe("after <tool_");
    expect(run(["a <", "b"]).content).toBe("a <b");
  });

  it("takes a `</tool_call>` split across chunks (t090)", () => {
    const result = run(['<tool_call>{"name": "a"}', "</tool_", 'call><tool_call>{"name": "b"}</tool_call>']);
    expect(result.calls.map((each) => each.name)).toEqual(["a", "b"]);
    expect(result.content).toBeNull();
  });

  describe("after the object: the tag is over at anything but whitespace, `</tool_call>` or `{`", () => {
    it("keeps text after the object when no closing tag comes", () => {
      const result = run('<tool_call>{"name": "f"}\nDone.');
      expect(result.content).toBe("\nDone.");
      expect(result.calls).toHaveLength(1);
    });

    it("keeps a partial closing tag that goes wrong as text", () => {
      expect(run('<tool_call>{"name": "f"}</tool_x').content).toBe("</tool_x");
      expect(run('<tool_call>{"name": "f"} </tool_').content).toBe(" </tool_");
    });

    it("a `<` after the object may begin the next <tool_call>", () => {
      const result = run('<tool_call>{"name": "a"}<tool_call>{"name": "b"}</tool_call>');
      expect(result.calls.map((each) => each.name)).toEqual(["a", "b"]);
      expect(result.content).toBeNull();
    });

    it("holds at most 64 whitespace characters waiting for `</tool_call>`", () => {
      const input = `<tool_call>{"name": "f"}${" ".repeat(65)}</tool_call>`;
      expect(run(input).content).toBe(`${" ".repeat(65)}</tool_call>`);
    });
  });

  describe("a body that is not a valid call is text plus hermes.unparseable_body", () => {
    it.each([
      ['{"name": 1}', "a number name"],
      ['{"name": ""}', "an empty name"],
      ['{"arguments": {}}', "no name"],
      ['{"name": "f", "arguments": [1, 2]}', "array arguments"],
      ['{"name": "f", "arguments": null}', "null arguments"],
      ['{"name": "f", "arguments": 42}', "number arguments"],
      ['{"name": "f", "arguments": "hello"}', "a string that is not JSON (t079)"],
      ['{"name": "f", "arguments": "{\\"a\\": "}', "a string that is cut off"],
      ['{"name": "f", "arguments": "[1]"}', "a string holding an array"],
      ["{: :}", "a body jsonrepair cannot repair"],
    ])("%s (%s)", (body) => {
      const input = `say <tool_call>\n${body}\n</tool_call> more`;
      const result = run(input);
      expect(result).toMatchObject({ content: input, calls: [] });
      expect(result.warnings).toEqual([
        expect.objectContaining({
          code: "hermes.unparseable_body",
          raw: `<tool_call>\n${body}\n</tool_call>`,
        }),
      ]);
    });

    it("without a closing tag, the raw source ends with the object", () => {
      const result = run('<tool_call>{"name": 1} after');
      expect(result.content).toBe('<tool_call>{"name": 1} after');
      expect(result.warnings.map((warning) => warning.raw)).toEqual(['<tool_call>{"name": 1}']);
    });

    it("a second object in the same tag after an invalid one is text", () => {
      const result = run('<tool_call>{"name": 1}\n{"name": "f"}</tool_call>');
      expect(result.calls).toEqual([]);
      expect(result.content).toBe('<tool_call>{"name": 1}\n{"name": "f"}</tool_call>');
    });

    it("an invalid second object in one tag: the first call stands, the second source is text", () => {
      const result = run('<tool_call>{"name": "a"}\n{"name": 2}\n</tool_call>');
      expect(result.calls.map((each) => each.name)).toEqual(["a"]);
      expect(result.content).toBe('\n{"name": 2}\n</tool_call>');
      expect(result.warnings.map((warning) => warning.raw)).toEqual(['\n{"name": 2}\n</tool_call>']);
    });
  });

  it("a stream that ends inside a body keeps the raw source as text plus hermes.truncated_body (t093)", () => {
    const input = 'ok <tool_call>{"name": "rm", "arguments": {"path": "/tmp/bu';
    const result = run(input);
    expect(result).toMatchObject({ content: input, calls: [] });
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: "hermes.truncated_body",
        raw: '<tool_call>{"name": "rm", "arguments": {"path": "/tmp/bu',
      }),
    ]);
  });

  it("emits calls to tools that were not offered (t097)", () => {
    const result = segmentText(
      { tool: hermesToolDialect(), tools: { get_weather: { type: "object" } } },
      call('{"name": "other", "arguments": {}}'),
    );
    expect(result.calls.map((each) => each.name)).toEqual(["other"]);
  });

  it("keeps a `__proto__` tool name and argument key as data", () => {
    const result = run(call('{"name": "__proto__", "arguments": {"__proto__": {"x": 1}}}'));
    expect(calls(result)).toEqual([{ name: "__proto__", argumentsJson: '{"__proto__": {"x": 1}}' }]);
  });

  describe("callStartPolicy", () => {
    const withPolicy = (policy: "all" | "explicit" | "none", input: string) =>
      runStream(
        (sink) =>
          hermesToolDialect().createParser(
            { ...createParserContext({ thinking: false }), callStartPolicy: () => policy },
            sink,
          ),
        [input],
      );

    it.each(["all", "explicit"] as const)("%s: <tool_call>{ starts a call", (policy) => {
      expect(
        withPolicy(policy, '<tool_call>{"name": "f"}').some((segment) => segment.type === "tool-call-start"),
      ).toBe(true);
    });

    it("none: <tool_call>{ is text", () => {
      const input = '<tool_call>{"name": "f"}</tool_call>';
      expect(withPolicy("none", input)).toEqual([
        { type: "text", text: "<tool_call>" },
        { type: "text", text: '{"name": "f"}</tool_call>' },
      ]);
    });

    it("is asked at the `{` that confirms the candidate", () => {
      let asked = 0;
      const segments = runStream(
        (sink) =>
          hermesToolDialect().createParser(
            {
              ...createParserContext({ thinking: false }),
              callStartPolicy: () => {
                asked++;
                return "all";
              },
            },
            sink,
          ),
        ["a <tool_call> b <tool_call>\n", '{"name": "f"}'],
      );
      expect(asked).toBe(1);
      expect(segments.filter((segment) => segment.type === "tool-call-start")).toHaveLength(1);
    });
  });
});
