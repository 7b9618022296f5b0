import { loadPeerCases, runToolPeerCases, segmentText, type ToolPeerCase } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { hermesToolDialect } from "../src";

const HERMES_NAMES = ["hermes", "hermes(qwen25)", "hermes(qwen)"];
const cases = loadPeerCases<ToolPeerCase>("tool-peer-cases.json").filter((testCase) =>
  HERMES_NAMES.includes(testCase.dialect),
);

const TRIMS =
  "the peer's non-streaming path strips whitespace around calls; docs/dialects.md §2 keeps text exactly (lossless)";

runToolPeerCases({
  dialect: hermesToolDialect,
  dialects: (name) => HERMES_NAMES.includes(name),
  skip: {
    "t079-test-hermes-parser-non-streaming-bare-string-arguments":
      'vLLM emits `"arguments": "hello"` JSON-encoded as the arguments; docs/architecture.md §2 I2/§4: arguments must be an object (a string must parse to one), so the body is kept as text with a warning',
    "t083-testhermesdetector-test-tool-call-with-leading-text": TRIMS,
    "t096-testqwen25detector-test-leading-text-becomes-normal-text": TRIMS,
    "t087-testhermesdetector-test-finish-preserves-complete-call-before-incomple":
      "SGLang drops the truncated second call's source; docs/dialects.md §2 keeps it as text (never executed, with a hermes.truncated_body warning): content is ' between <tool_call>{…'",
    "t088-testhermesdetector-test-finish-preserves-complete-call-before-incomple":
      "SGLang drops `<tool_call>not valid json</tool_call>`; `<tool_call>` not followed by `{` is not a call and docs/architecture.md I4 keeps it verbatim as text",
    "t092-testhermesdetector-test-finish-drops-missing-closing-tag-with-delimite":
      "the peer asserts only what its finish() adds; docs/dialects.md §2: the call is complete when the body's top-level object closes (the `</tool_call>` inside the string is data), so the call is emitted",
    "t093-testhermesdetector-test-finish-drops-unterminated-tool-call-without-ra":
      "SGLang drops a cut-off body; docs/dialects.md §2 keeps the raw `<tool_call>…` as text with a hermes.truncated_body warning (lossless, never executed)",
    "t095-testqwen25detector-test-streaming-strips-leaked-end-token-from-normal-":
      "SGLang strips a stray `</tool_call>` from text; docs/architecture.md I4 keeps text that looks like markup but is not verbatim",
    "t097-testqwen25detector-test-unknown-tool-in-block-dropped-by-default":
      "SGLang drops calls to tools not offered; docs/dialects.md §2 (as vLLM) emits them: the client decides what an unknown tool means",
    "t101-test-qwen-with-text-between":
      "smg's non-streaming path keeps only the text before the first call; docs/dialects.md §2 keeps text before, between and after calls",
    "t103-test-qwen-incomplete-tags":
      "smg requires `</tool_call>`; docs/dialects.md §2 (as vLLM, t076) completes the call when the body's top-level object closes",
  },
});

// What docs/dialects.md decides for the skipped cases, asserted on the same inputs.
describe("hermes: skipped peer cases, as docs/dialects.md decides them", () => {
  const byId = new Map(cases.map((testCase) => [testCase.id.slice(0, 4), testCase]));
  const run = (id: string) => {
    const testCase = byId.get(id);
    if (testCase === undefined) throw new Error(`no peer case ${id}`);
    const input = testCase.chunks.join("");
    const whole = segmentText({ tool: hermesToolDialect() }, testCase.chunks);
    expect(whole.problems).toEqual([]);
    expect(segmentText({ tool: hermesToolDialect() }, Array.from(input)).segments).toEqual(whole.segments);
    return { input, result: whole };
  };
  const calls = (result: ReturnType<typeof segmentText>) =>
    result.calls.map((call) => ({ name: call.name, arguments: call.arguments }));

  it("t079: a bare-string arguments value is not a call: text plus a warning", () => {
    const { input, result } = run("t079");
    expect(result).toMatchObject({ content: input, calls: [] });
    expect(result.warnings.map((warning) => warning.code)).toEqual(["hermes.unparseable_body"]);
  });

  it("t083/t096: text before a call is kept with its trailing space", () => {
    expect(run("t083").result.content).toBe("I will check the weather for you. ");
    expect(run("t096").result.content).toBe("Sure, let me check. ");
  });

  it("t087: the truncated second call stays text and is never executed", () => {
    const { result } = run("t087");
    expect(calls(result)).toEqual([{ name: "get_weather", arguments: { city: "Beijing" } }]);
    expect(result.content).toBe(' between <tool_call>{"name": "search", "arguments": {"query": "rest');
    expect(result.warnings.map((warning) => warning.code)).toEqual(["hermes.truncated_body"]);
  });

  it("t088: `<tool_call>not valid json</tool_call>` stays text", () => {
    expect(run("t088").result.content).toBe(" between <tool_call>not valid json</tool_call>");
  });

  it("t092: the call completes when its object closes; the `</tool_call>` in the string is data", () => {
    expect(calls(run("t092").result)).toEqual([
      { name: "search", arguments: { query: "literal </tool_call>" } },
    ]);
  });

  it("t093: a body cut off at the end is text plus a warning, no call", () => {
    const { input, result } = run("t093");
    expect(result).toMatchObject({ content: input, calls: [] });
    expect(result.warnings).toEqual([expect.objectContaining({ code: "hermes.truncated_body", raw: input })]);
  });

  it("t095: a stray `</tool_call>` stays text", () => {
    expect(run("t095").result.content).toBe("text</tool_call>more");
  });

  it("t097: a call to a tool that was not offered is still emitted", () => {
    expect(calls(run("t097").result)).toEqual([{ name: "nonexistent_tool", arguments: { x: 1 } }]);
  });

  it("t101: text between and after calls is kept", () => {
    expect(run("t101").result.content).toBe(
      "First, let me search for information.\n\n\nNow I'll translate something.\n\n\nDone!",
    );
  });

  it("t103: a complete body without `</tool_call>` is a call", () => {
    expect(calls(run("t103").result)).toEqual([{ name: "test", arguments: {} }]);
  });
});
