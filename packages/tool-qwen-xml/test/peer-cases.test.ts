import { createParserContext, createSegmenter } from "@sluice/core";
import { loadPeerCases, runConformance, type ToolPeerCase, toolSchemasOf } from "@sluice/core/testkit";
import { expect } from "vitest";
import { qwenXmlToolDialect } from "../src";

// The peers' names for qwen_xml: Step 3.5/3.7 Flash (`step3p5`) write it byte for byte.
const cases = loadPeerCases<ToolPeerCase>("tool-peer-cases.json").filter((testCase) =>
  ["qwen3_coder", "qwen_xml", "step3p5"].includes(testCase.dialect),
);

// Calls match the peer, content is decided differently by docs/dialects.md: we assert its content instead.
const contentPerDesign: Record<string, { content: string; reason: string }> = {
  "t023-test-double-encoded-object-param-streaming": {
    content: "\n",
    reason:
      "the input ends with `</tool_call>\\n`; docs/dialects.md §2: whitespace after the last call is text after the calls (vLLM drops it)",
  },
  "t028-test-two-tools-second-with-out-of-schema-nested-literal-streaming": {
    content: "",
    reason:
      'docs/dialects.md §2 drops whitespace-only text between calls: the "\\n\\n" between the two calls is markup',
  },
  "t070-test-qwen-xml-content-before-and-after-tool-calls": {
    content: "I'll analyze the weather for you now.\n\nBased on the analysis, here's what I found.",
    reason: "smg non-streaming drops text after the calls; docs/dialects.md §2: text after calls is text",
  },
};

// The peer asserts only pieces of the content (expected.content is null there).
const contentContains: Record<string, string[]> = {
  "t033-test-jinja-template-phantom-tool-call-is-rejected-nonstreaming": ["<function={{ tc.name }}>"],
  "t034-test-inline-empty-tool-call-preserves-content-before-real-call": [
    "I'll show: <tool_call>example</tool_call>",
    "Now real:",
  ],
  "t035-test-none-tool-calls-filtered": ["<function=bad_func_no_gt\n"],
};

runConformance({
  suite: "qwen_xml: tool peer cases",
  cases,
  skip: {
    "t051-test-qwen-xml-nested-json-in-parameters":
      "smg infers types without a schema; docs/dialects.md §2: no tools → every value is the raw string",
    "t052-test-qwen-xml-type-conversion":
      "smg infers types without a schema; docs/dialects.md §2: no tools → every value is the raw string",
    "t053-test-qwen-xml-python-literals":
      "smg infers types without a schema; docs/dialects.md §2: no tools → every value is the raw string",
    "t056-test-qwen-xml-whitespace-handling":
      "smg trims values fully; docs/dialects.md §2 strips exactly one leading and one trailing newline (our own test asserts those values)",
    "t057-test-qwen-xml-empty-parameter-value":
      'smg trims "   " to ""; docs/dialects.md §2 strips exactly one newline, so the value stays "   " (our own test asserts it)',
    "t064-test-qwen-xml-invalid-function-name":
      "smg drops calls to functions not in tools; docs/dialects.md §2 emits them like vLLM does (t015, t028)",
    "t065-test-qwen-xml-incomplete-tool-call":
      "smg non-streaming needs </tool_call> and keeps the text; docs/dialects.md §2: a call streams from its <function=…>, so a stream that ends inside it cuts it (left open, never run) instead (our own test asserts it)",
  },
  createParser: (testCase, sink) =>
    createSegmenter({
      tool: qwenXmlToolDialect(),
      context: createParserContext({
        thinking: false,
        tools: toolSchemasOf(testCase),
      }),
      sink,
    }),
  check: (testCase, summary) => {
    expect(summary.calls.map((call) => ({ name: call.name, arguments: call.arguments }))).toEqual(
      testCase.expected.calls,
    );
    expect(summary.calls.every((call) => call.ended)).toBe(true);
    const designed = contentPerDesign[testCase.id];
    if (designed !== undefined) {
      expect(summary.content ?? "", designed.reason).toBe(designed.content);
    } else if (testCase.expected.content !== null) {
      // null and "" are the same message to an Anthropic client: no text block either way.
      expect(summary.content ?? "").toBe(testCase.expected.content);
    }
    for (const piece of contentContains[testCase.id] ?? []) expect(summary.content ?? "").toContain(piece);
  },
});
