import { kimiK3ReasoningDialect } from "@sluice/reasoning-kimi-k3";
import { describe, expect, it } from "vitest";
import { kimiK3ToolDialect } from "../src";
import {
  argument,
  call,
  close,
  codesOf,
  createProbe,
  open,
  runK3,
  runWithPolicy,
  tools,
} from "./run-kimi-k3";

describe("kimiK3ToolDialect", () => {
  it("is the kimi_k3 tool dialect and keeps special tokens unspaced", () => {
    expect(kimiK3ToolDialect()).toMatchObject({
      kind: "tool",
      id: "kimi_k3",
      aliases: [],
      requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    });
  });
});

describe("calls", () => {
  it("reads a tools channel with the text around it as text and its source as markup", () => {
    const input = `Checking.${tools(call("get_weather", argument("city", "string", "Oslo"), argument("days", "number", "3")))} Done.`;
    const result = runK3(input);
    expect(result.calls).toMatchObject([
      { name: "get_weather", arguments: { city: "Oslo", days: 3 }, ended: true },
    ]);
    expect(result.content).toBe("Checking. Done.");
    expect(result.warnings).toEqual([]);
  });

  it("streams a string value live, raw, before its close", () => {
    const probe = createProbe();
    probe.parser.push(
      `${open("tools")}${open("call", { tool: "w" })}${open("argument", { key: "p", type: "string" })}a "q`,
    );
    expect(probe.argumentsJson()).toBe('{"p": "a \\"q');
    probe.parser.push("\\ <b>\n");
    expect(probe.argumentsJson()).toBe('{"p": "a \\"q\\\\ <b>\\n');
  });

  it("types values by the model's type attribute, not by the schema", () => {
    const result = runK3(
      tools(
        call(
          "f",
          argument("n", "number", "12345678901234567890"),
          argument("b", "boolean", "false"),
          argument("z", "null", "null"),
          argument("o", "object", ' {"a": [1, {"b": null}]} '),
          argument("l", "array", "[1,2]"),
          argument("s", "string", "42"),
        ),
      ),
      { tools: { f: { type: "object", properties: { s: { type: "integer" }, n: { type: "string" } } } } },
    );
    // A number goes out with the digits the model wrote, not as a double re-serialised.
    expect(result.calls[0]?.argumentsJson).toContain('"n": 12345678901234567890,');
    expect(result.calls[0]?.arguments).toMatchObject({
      b: false,
      z: null,
      o: { a: [1, { b: null }] },
      l: [1, 2],
      s: "42",
    });
    expect(result.warnings).toEqual([]);
  });

  it("reads an argument with no type as a string, as smg does", () => {
    const result = runK3(tools(call("f", `<|open|>argument key="a"<|sep|>1${close("argument")}`)));
    expect(result.calls[0]?.arguments).toEqual({ a: "1" });
  });

  it("value_kept_as_string: a typed value that is no JSON is the raw string, with a warning", () => {
    const result = runK3(tools(call("f", argument("x", "number", " 1 2 "))));
    expect(result.calls[0]?.arguments).toEqual({ x: " 1 2 " });
    expect(codesOf(result)).toEqual(["kimi_k3.value_kept_as_string"]);
  });

  it("keeps every character of a string value, spaces and markup-like text included", () => {
    const value = ' New York <|open|>x<|sep|> <|close|>nope<|sep|> "&amp;" ';
    const result = runK3(tools(call("f", argument("v", "string", value))));
    expect(result.calls[0]?.arguments).toEqual({ v: value });
  });

  it("decodes attributes (&quot; then &amp;), allows < raw in them, and ignores index", () => {
    const input = `${open("tools")}<|open|>call tool="a&amp;quot;<b" index="9"<|sep|><|open|>argument key="k&quot;" type="string"<|sep|>v${close("argument")}${close("call")}${close("tools")}`;
    expect(runK3(input).calls[0]).toMatchObject({ name: "a&quot;<b", arguments: { 'k"': "v" } });
  });

  it("reads a call without its tools channel, without index, and with no arguments as {}", () => {
    const result = runK3(`<|open|>call tool="ping"<|sep|>${close("call")}`);
    expect(result.calls).toMatchObject([{ name: "ping", arguments: {}, ended: true }]);
  });

  it("reads the json body as the call's arguments, members as written", () => {
    const body = '{"city": "杭州", "n": 10000000000000000001}';
    const result = runK3(tools(call("f", `${open("json", { type: "object" })}${body}${close("json")}`)));
    expect(result.calls[0]?.argumentsJson).toBe(`{${body.slice(1, -1)}}`);
    expect(result.calls[0]?.arguments).toMatchObject({ city: "杭州" });
    expect(result.warnings).toEqual([]);
  });

  it("joins argument blocks and a json body, a key given twice kept once", () => {
    const result = runK3(
      tools(call("f", argument("a", "number", "1"), `${open("json")}{"a": 2, "b": 3}${close("json")}`)),
    );
    expect(result.calls[0]?.arguments).toEqual({ a: 1, b: 3 });
  });

  it("invalid_json_body: a json body that is no object cuts the call, and what follows stays text", () => {
    const result = runK3(`${tools(call("f", `${open("json")}{broken${close("json")}`))}after`);
    expect(result.calls).toMatchObject([{ name: "f", argumentsJson: "{", cut: true }]);
    expect(codesOf(result)).toEqual(["kimi_k3.invalid_json_body"]);
    expect(result.content).toBe("after");
  });

  it("reads spaced markers (spaces_between_special_tokens left on)", () => {
    const input =
      '<|open|> tools <|sep|> <|open|> call tool="f" <|sep|><|open|> argument key="a" type="number" <|sep|>1<|close|> argument <|sep|><|close|> call <|sep|><|close|> tools <|sep|>';
    expect(runK3(input).calls).toMatchObject([{ name: "f", arguments: { a: 1 }, ended: true }]);
  });

  it("reads several calls in emission order, whitespace between them markup", () => {
    const result = runK3(tools(call("b", argument("x", "number", "1")), "\n", call("a")));
    expect(result.calls.map((c) => c.name)).toEqual(["b", "a"]);
    expect(result.content ?? "").toBe("");
  });
});

describe("malformed calls", () => {
  it("missing_call_close: the next call or the channel's close ends a call", () => {
    const input = `${open("tools")}${open("call", { tool: "a" })}${argument("x", "number", "1")}${open("call", { tool: "b" })}${close("tools")}`;
    const result = runK3(input);
    expect(result.calls).toMatchObject([
      { name: "a", arguments: { x: 1 }, ended: true },
      { name: "b", arguments: {}, ended: true },
    ]);
    expect(codesOf(result)).toEqual(["kimi_k3.missing_call_close", "kimi_k3.missing_call_close"]);
  });

  it("unclosed_argument: the call's close ends a value that had none", () => {
    const input = `${open("tools")}${open("call", { tool: "a" })}${open("argument", { key: "s", type: "string" })}text${close("call")}`;
    const result = runK3(input);
    expect(result.calls).toMatchObject([{ name: "a", arguments: { s: "text" }, ended: true }]);
    expect(codesOf(result)).toEqual(["kimi_k3.unclosed_argument"]);
  });

  it("unterminated_call: a call cut by the end of the stream is cut, never closed", () => {
    const result = runK3(
      `${open("tools")}${open("call", { tool: "w" })}${open("argument", { key: "c", type: "string" })}Par`,
    );
    expect(result.calls).toMatchObject([{ name: "w", argumentsJson: '{"c": "Par', cut: true }]);
    expect(codesOf(result)).toEqual(["kimi_k3.unterminated_call"]);
  });

  it("a repeated argument is stray text of the call, the first value kept", () => {
    const result = runK3(tools(call("f", argument("a", "number", "1"), argument("a", "number", "2"))));
    expect(result.calls[0]?.arguments).toEqual({ a: 1 });
    expect(codesOf(result)).toEqual(["kimi_k3.stray_text_in_call"]);
  });

  it("passes garbage through as text: a tools channel with no call, tags without names, lone tokens", () => {
    for (const text of [
      `${open("tools")}CALLS${close("tools")}`,
      "<|open|><|sep|>",
      "<|open|>call<|sep|>",
      '<|open|>call tool=""<|sep|>',
      '<|open|>call tool="x<|sep|>',
      "a<|close|>b",
      "<|sep|>",
      `<|open|>call tool="${"n".repeat(2000)}"<|sep|>`,
    ]) {
      const result = runK3(text);
      expect(result.calls, text).toEqual([]);
      expect(result.content, text).toBe(text);
    }
  });

  it("refuses every call start under the policy none", () => {
    const input = tools(call("f"));
    const result = runWithPolicy([input], "none");
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(input);
  });
});

describe("with the kimi_k3 reasoning dialect in front", () => {
  it("ends a reasoning span at a tools channel without <|close|>think<|sep|>", () => {
    const result = runK3(
      `plan${tools(call("f", argument("a", "string", "x")))}${close("message")}<|end_of_msg|>`,
      {
        reasoning: kimiK3ReasoningDialect(),
        thinking: true,
      },
    );
    expect(result.reasoning).toBe("plan");
    expect(result.content ?? "").toBe("");
    expect(result.calls).toMatchObject([{ name: "f", arguments: { a: "x" }, ended: true }]);
  });

  it("reads the whole assistant turn as the template renders it, thinking on", () => {
    const result = runK3(
      `Think.${close("think")}${open("response")}Answer.${close("response")}${tools(call("f", argument("a", "number", "1")))}${close("message")}<|end_of_msg|>`,
      { reasoning: kimiK3ReasoningDialect(), thinking: true },
    );
    expect([result.reasoning, result.content]).toEqual(["Think.", "Answer."]);
    expect(result.calls).toMatchObject([{ name: "f", arguments: { a: 1 }, ended: true }]);
  });
});

describe("bounds (docs/architecture.md I7)", () => {
  it("holds no more than a tag's limits while a tag is undecided, and a string value not at all", () => {
    const probe = createProbe();
    probe.parser.push(`<|open|>call tool="${"n".repeat(5000)}`);
    expect(probe.parser.heldLength).toBe(0);
    probe.parser.push(`${open("call", { tool: "w" })}${open("argument", { key: "c", type: "string" })}`);
    for (let index = 0; index < 100; index++) probe.parser.push("some text <|close|>not-a-close<|sep|> ");
    expect(probe.parser.heldLength).toBeLessThan(600);
    probe.parser.push("<|close|> argu");
    expect(probe.parser.heldLength).toBeLessThan(600);
  });
});
