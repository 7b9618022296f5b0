import { describe, expect, it } from "vitest";
import { argumentsOf, codesOf, createProbe, runAlone, runPair, runWithPolicy } from "./run-harmony";

const analysis = "<|channel|>analysis<|message|>Need the weather.<|end|>";
const callIn = (header: string, body = '{"city": "Paris"}') => `${header}<|message|>${body}<|call|>`;

describe("harmony calls: the recipient wherever harmony puts it", () => {
  it.each([
    [
      "after the channel",
      "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json",
    ],
    [
      "after the channel, no space before <|constrain|>",
      "<|start|>assistant<|channel|>commentary to=functions.get_weather<|constrain|>json",
    ],
    [
      "in the role, as the template renders past calls",
      "<|start|>assistant to=functions.get_weather<|channel|>commentary json",
    ],
    [
      "in the role without a content type",
      "<|start|>assistant to=functions.get_weather<|channel|>commentary",
    ],
    [
      "on the analysis channel",
      "<|start|>assistant<|channel|>analysis to=functions.get_weather <|constrain|>json",
    ],
  ])("%s", (_name, header) => {
    const result = runPair([analysis, callIn(header)]);
    expect(result.reasoning).toBe("Need the weather.");
    expect(result.content).toBeNull();
    expect(argumentsOf(result)).toEqual([{ city: "Paris" }]);
    expect(result.calls[0]?.name).toBe("get_weather");
    expect(result.warnings).toEqual([]);
  });

  it("reads a recipient at the very start of the output, the prompt having written <|start|>assistant", () => {
    const result = runPair([" to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{}"]);
    expect(result.calls.map((call) => call.name)).toEqual(["get_weather"]);
    expect(result.content).toBeNull();
  });

  it("takes every call of a stream whose engine did not stop at <|call|>", () => {
    const first = callIn("<|start|>assistant<|channel|>commentary to=functions.a json", '{"n": 1}');
    const second = callIn("<|start|>assistant to=functions.b<|channel|>commentary json", '{"n": 2}');
    const result = runPair([analysis, first, second]);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["a", { n: 1 }],
      ["b", { n: 2 }],
    ]);
  });

  it("takes `<|message|><|call|>` as a call without arguments", () => {
    const result = runAlone(callIn("<|channel|>commentary to=functions.list_files json", ""));
    expect(argumentsOf(result)).toEqual([{}]);
  });
});

describe("peers' bugs", () => {
  it("vllm-32587: the channel never leaks into the tool name, the recipient hugging <|channel|>", () => {
    const result = runPair([callIn("<|start|>assistant to=functions.get_weather<|channel|>commentary")]);
    expect(result.calls.map((call) => call.name)).toEqual(["get_weather"]);
  });

  it("reads tokens a server padded with spaces (spaces_between_special_tokens left on)", () => {
    const result = runPair([
      '<|channel|> analysis <|message|> Plan. <|end|> <|start|> assistant <|channel|> commentary to=functions.f <|constrain|> json <|message|> {"a": 1} <|call|>',
    ]);
    expect(result.reasoning?.trim()).toBe("Plan.");
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([["f", { a: 1 }]]);
  });
});

describe("what is not a call", () => {
  it("passes every other message on verbatim when the tool dialect runs alone (reasoning none)", () => {
    const input = `${analysis}<|start|>assistant<|channel|>final<|message|>Sunny.<|return|>`;
    const result = runAlone(input);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(input);
    expect(result.warnings).toEqual([]);
  });

  it("still finds calls with reasoning none, the rest staying text", () => {
    const result = runAlone([
      analysis,
      callIn("<|start|>assistant<|channel|>commentary to=functions.get_weather json"),
    ]);
    expect(result.content).toBe(analysis);
    expect(argumentsOf(result)).toEqual([{ city: "Paris" }]);
  });

  it("leaves a builtin tool's message (no functions. prefix) to the reasoning dialect", () => {
    const result = runPair([callIn("<|channel|>analysis to=python code", "print(1)")]);
    expect(result.calls).toEqual([]);
    expect(result.reasoning).toBe("print(1)");
  });

  it("keeps a message to a function whose body is no JSON object as the model's text, never a call", () => {
    const result = runPair([callIn("<|start|>assistant<|channel|>commentary to=functions.f", "run ls")]);
    expect(result.calls).toEqual([]);
    // Addressed to a tool, not to the user: the reasoning dialect reads it as thinking.
    expect(result.reasoning).toBe("run ls");
  });

  it("keeps harmony markup in a call's string value as the value", () => {
    const result = runPair([
      callIn("<|channel|>commentary to=functions.echo json", '{"text": "a <| b |> c"}'),
    ]);
    expect(argumentsOf(result)).toEqual([{ text: "a <| b |> c" }]);
  });

  it("keeps a call as text when a reasoning span it may not end is open", () => {
    const input = callIn("<|channel|>commentary to=functions.f json", "{}");
    const result = runWithPolicy([input], "none");
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(input);
  });
});

describe("streaming", () => {
  it("streams a string value as it arrives, before the call ends", () => {
    const probe = createProbe();
    probe.parser.push("<|start|>assistant<|channel|>commentary to=functions.Write <|constrain|>json<|mess");
    expect(probe.started()).toBe(0);
    probe.parser.push('age|>{"file_path": "/tmp/a", "content": "line one\\nline');
    expect(probe.started()).toBe(1);
    expect(probe.argumentsJson()).toBe('{"file_path": "/tmp/a", "content": "line one\\nline');
    probe.parser.push(' two"}<|call|>');
    expect(probe.ended()).toBe(1);
    probe.parser.end();
    expect(JSON.parse(probe.argumentsJson())).toEqual({ file_path: "/tmp/a", content: "line one\nline two" });
  });

  it("holds no more than a header before the call starts: a header split anywhere never leaks", () => {
    const probe = createProbe();
    for (const piece of "<|start|>assistant to=functions.f<|channel|>commentary json<|message|>".split(""))
      probe.parser.push(piece);
    expect(probe.text()).toBe("");
    expect(probe.started()).toBe(0);
    probe.parser.push("{");
    expect(probe.started()).toBe(1);
  });
});

describe("calls the stream cuts", () => {
  it("cuts a call whose arguments the end of the stream cut off, with a warning, never closing it", () => {
    const result = runPair([
      analysis,
      '<|start|>assistant<|channel|>commentary to=functions.get_weather json<|message|>{"city": "Par',
    ]);
    expect(result.calls).toMatchObject([{ name: "get_weather", ended: true, cut: true }]);
    expect(codesOf(result)).toEqual(["harmony.truncated_arguments"]);
  });

  it("ends a call whose object is whole at the end of the stream: <|call|> is a stop token", () => {
    const result = runPair(['<|channel|>commentary to=functions.f json<|message|>{"a": 1}']);
    expect(result.calls).toMatchObject([{ arguments: { a: 1 }, ended: true, cut: false }]);
    expect(result.warnings).toEqual([]);
  });

  it("cuts a call the next header interrupts before its object closed", () => {
    const result = runPair([
      '<|channel|>commentary to=functions.f json<|message|>{"a": ',
      "<|start|>assistant<|channel|>final<|message|>Done.",
    ]);
    expect(result.calls).toMatchObject([{ name: "f", cut: true }]);
    expect(result.content).toBe("Done.");
  });

  it("reports text after the object and keeps the call", () => {
    const result = runPair([callIn("<|channel|>commentary to=functions.f json", '{"a": 1} trailing')]);
    expect(argumentsOf(result)).toEqual([{ a: 1 }]);
    expect(codesOf(result)).toEqual(["harmony.text_after_arguments"]);
  });

  it("repairs near-JSON arguments once the message ends", () => {
    const result = runPair([callIn("<|channel|>commentary to=functions.f json", "{'a': 1,}")]);
    expect(argumentsOf(result)).toEqual([{ a: 1 }]);
    expect(codesOf(result)).toEqual(["harmony.repaired_arguments"]);
  });
});
