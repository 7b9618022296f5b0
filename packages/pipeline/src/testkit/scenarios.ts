import { join } from "node:path";
import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import type { ErrorType, StopReason } from "@sluice/events";
import type { ContentBlock } from "@sluice/protocol-anthropic";
import type { TranscoderOptions } from "../create-transcoder";
import { readRecording, toSseEvents } from "./upstream-recording";

export type Block =
  | { type: "thinking"; thinking: string }
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown> };

export interface Scenario {
  /** What it proves (the public bug or the row of docs/architecture.md §3). */
  readonly title: string;
  /** The recording in fixtures/ (a `.chunks.jsonl` name, or a gateway recording's `NAME.json`), or the raw SSE events. */
  readonly recording: string | { events: string[] };
  readonly options?: Partial<TranscoderOptions>;
  readonly stopReason?: StopReason;
  readonly stopSequence?: string | null;
  readonly error?: ErrorType;
  readonly blocks?: Block[];
  readonly outputTokens?: number;
  /**
   * The turn ends inside a tool call cut by the token limit (docs/dialects.md §2): its block is left open, so
   * the folded message leaves it out, and an SDK that accumulates the stream holds it unfinished.
   */
  readonly cutToolCall?: true;
}

const bashTools = new Map([
  ["Bash", { type: "object", properties: { command: { type: "string" }, description: { type: "string" } } }],
]);

// Claude Code's Write tool: no `additionalProperties: true`, and no `encoding` parameter.
const writeTools = new Map([
  [
    "Write",
    {
      type: "object",
      properties: { file_path: { type: "string" }, content: { type: "string" } },
      required: ["file_path", "content"],
      additionalProperties: false,
    },
  ],
]);

/**
 * The dialects the recordings were made with, passed in by each test: the test kit imports no dialect, so a
 * dialect package's own tests can use it and the kit never decides which dialect a name means.
 */
export interface ScenarioDialects {
  /** `qwen3` reasoning (Qwen3, Qwen3.5). */
  readonly qwen3: ReasoningDialect;
  /** `qwen_xml` tool calls (Qwen3-Coder, Qwen3.5). */
  readonly qwenXml: ToolDialect;
  /** `hermes` tool calls (Qwen2.5 / Qwen3 JSON). */
  readonly hermes: ToolDialect;
}

/** Every recorded scenario, with the dialects its model family speaks. */
export function createScenarios(dialects: ScenarioDialects): Scenario[] {
  const qwen35 = { reasoning: dialects.qwen3, tool: dialects.qwenXml, thinking: true };
  const qwen3Hermes = { reasoning: dialects.qwen3, tool: dialects.hermes, thinking: true };
  return [
    {
      title: "raw Qwen3.5: thinking, text and a qwen_xml call with finish `stop` end as tool_use",
      recording: "raw-qwen35-thinking-text-tool-call",
      options: { ...qwen35, tools: bashTools },
      stopReason: "tool_use",
      outputTokens: 57,
      blocks: [
        {
          type: "thinking",
          thinking: "The user wants the files listed. I should run ls in the project directory.",
        },
        { type: "text", text: "Let me list the files." },
        { type: "tool_use", name: "Bash", input: { command: "ls -la", description: "List files" } },
      ],
    },
    {
      title: "the arguments that complete a call come before text that follows it in the same chunk",
      recording: "raw-qwen35-args-and-text-same-chunk",
      options: { ...qwen35, thinking: false },
      stopReason: "tool_use",
      blocks: [
        { type: "text", text: "Checking." },
        { type: "tool_use", name: "Read", input: { file_path: "/etc/hosts" } },
        { type: "text", text: "I read it." },
      ],
    },
    {
      title:
        'a tag split across chunks ("</thi" + "nk>") is never lost; a held partial tag is flushed at the end',
      recording: "raw-qwen3-split-tags",
      options: qwen35,
      stopReason: "end_turn",
      blocks: [
        { type: "thinking", thinking: "Thinking." },
        { type: "text", text: "Answer with a dangling </th" },
      ],
    },
    {
      title: "raw Qwen3 with hermes: a confirmed call ends the text, finish `stop` still says tool_use",
      recording: "raw-qwen3-hermes",
      options: qwen3Hermes,
      stopReason: "tool_use",
      blocks: [
        { type: "thinking", thinking: "Need the weather." },
        { type: "text", text: "Checking." },
        { type: "tool_use", name: "get_weather", input: { city: "Paris" } },
      ],
    },
    {
      title:
        "a stream that hits max_tokens inside a qwen_xml call leaves the call open (never closed by a guess) and says max_tokens",
      recording: "raw-qwen35-length-inside-call",
      options: { ...qwen35, thinking: false },
      stopReason: "max_tokens",
      cutToolCall: true,
      blocks: [{ type: "text", text: "Writing." }],
    },
    {
      title:
        "raw Qwen3.5: a Write cut by length is left open, so no client writes half the file (Claude Code ran the closed one and overwrote the file)",
      recording: "raw-qwen35-write-cut-by-length-overwrote-file",
      options: { ...qwen35, tools: writeTools },
      stopReason: "max_tokens",
      outputTokens: 78,
      cutToolCall: true,
      blocks: [
        {
          type: "thinking",
          thinking:
            "The user wants notes.md rewritten with the setup and usage sections. I'll write the whole file.",
        },
        { type: "text", text: "I'll write the file now." },
      ],
    },
    {
      title: "structured: text then a tool call with finish `stop` ends as tool_use (not end_turn)",
      recording: "structured-text-then-tool-call-finish-stop",
      stopReason: "tool_use",
      outputTokens: 12,
      blocks: [
        { type: "text", text: "I'll check the weather." },
        { type: "tool_use", name: "get_weather", input: { city: "Paris" } },
      ],
    },
    {
      title: "structured: a finish_reason before the last argument fragment does not lose the call",
      recording: "structured-finish-before-last-fragment",
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "Bash", input: { command: "ls -la" } }],
    },
    {
      title:
        "structured: a call cut off mid-arguments with finish `tool_calls` ends as an error, never a finished tool_use (its half command is not run)",
      recording: "structured-one-complete-one-truncated",
      error: "api_error",
    },
    {
      title:
        "structured: a call cut by the token limit is left open and the turn says max_tokens: no client runs half a Write",
      recording: "structured-call-cut-by-length",
      stopReason: "max_tokens",
      outputTokens: 16,
      cutToolCall: true,
      blocks: [],
    },
    {
      title: "structured: near-JSON from the first key (single quotes) is held whole and repaired",
      recording: "structured-near-json-single-quotes",
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "Read", input: { file_path: "/etc/hosts", limit: 10 } }],
    },
    {
      title:
        "structured: a Python literal after a strict start is repaired as a continuation of what streamed",
      recording: "structured-near-json-python-literal-tail",
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "Grep", input: { pattern: "TODO", case_insensitive: true } }],
    },
    {
      title:
        "structured: arguments that nest past the depth bound after the call started end as an error, not a silent end_turn",
      recording: "structured-deep-arguments-after-start",
      error: "api_error",
    },
    {
      title:
        "structured: arguments that are not an object are dropped with a notice the client sees (never silent)",
      recording: "structured-arguments-not-an-object-notice",
      stopReason: "end_turn",
      blocks: [
        {
          type: "text",
          text: 'Let me store that.\n\n[Sluice dropped the tool call "Store" from the model: its arguments are not usable (an array, not an object). Nothing was run.]',
        },
      ],
    },
    {
      title: "structured: a call that never gets a name is dropped with a notice; the other call stands",
      recording: "structured-nameless-call-notice",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "Read", input: { file_path: "/a" } },
        {
          type: "text",
          text: "[Sluice dropped a tool call from the model: it never got a name. Nothing was run.]",
        },
      ],
    },
    {
      title:
        "structured: two calls whose arguments interleave fragment by fragment come out one after the other, whole",
      recording: "structured-interleaved-long-arguments",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "Write", input: { file_path: "/tmp/a.txt", content: "alpha beta gamma" } },
        { type: "tool_use", name: "Bash", input: { command: "ls -la /tmp" } },
      ],
    },
    {
      title:
        "structured: text that arrives before a call's last fragment (after its finish_reason) waits behind the call",
      recording: "structured-text-after-call-before-last-fragment",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "Bash", input: { command: "ls -la" } },
        { type: "text", text: "Listing the files." },
      ],
    },
    {
      title: "structured: arguments before id and name (delayed identity)",
      recording: "structured-delayed-identity",
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "ListDir", input: { path: "/tmp" } }],
    },
    {
      title: "structured: an id repeated on every fragment is one call",
      recording: "structured-repeated-ids",
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "Grep", input: { pattern: "TODO", path: "src" } }],
    },
    {
      title: "structured: interleaved parallel fragments",
      recording: "structured-interleaved-parallel",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "get_weather", input: { city: "Paris" } },
        { type: "tool_use", name: "get_time", input: { zone: "CET" } },
      ],
    },
    {
      title: "structured: {…}{…} in one call's arguments becomes two calls",
      recording: "structured-concatenated-objects",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "Bash", input: { command: "curl -i http://localhost:9009" } },
        { type: "tool_use", name: "Bash", input: { command: "curl -i http://localhost:9009/robots.txt" } },
      ],
    },
    {
      title:
        "structured: {…}{broken: the first object is a call, the cut-off rest is dropped with a notice (never silent)",
      recording: "structured-concatenated-broken",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "Bash", input: { x: 1 } },
        {
          type: "text",
          text: '[Sluice dropped the tool call "Bash" from the model: its arguments were cut off before they were complete. Nothing was run.]',
        },
      ],
    },
    {
      title: "disable_parallel_tool_use emits only the first call",
      recording: "structured-two-calls",
      options: { disableParallelToolUse: true },
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "Read", input: { file_path: "/a" } }],
    },
    {
      title: "tool ids from the wire are sanitised and made unique (`functions.Bash:0` twice, `__proto__`)",
      recording: "structured-invalid-and-duplicate-ids",
      stopReason: "tool_use",
      blocks: [
        { type: "tool_use", name: "Bash", input: { command: "pwd" } },
        { type: "tool_use", name: "Bash", input: { command: "ls" } },
        { type: "tool_use", name: "Read", input: { file_path: "/etc/hosts" } },
      ],
    },
    {
      title: "Ollama: a whole call with its finish in one chunk",
      recording: "ollama-whole-call-one-chunk",
      stopReason: "tool_use",
      blocks: [{ type: "tool_use", name: "get_weather", input: { city: "Tokyo" } }],
    },
    {
      title: "vLLM stop_reason that is a requested stop sequence → stop_sequence with the string",
      recording: "stop-sequence-vllm",
      options: { stopSequences: ["###"] },
      stopReason: "stop_sequence",
      stopSequence: "###",
      blocks: [{ type: "text", text: "Step one done." }],
    },
    {
      title: "SGLang matched_stop that is a requested stop sequence → stop_sequence with the string",
      recording: "stop-sequence-sglang",
      options: { stopSequences: ["END", "STOP"] },
      stopReason: "stop_sequence",
      stopSequence: "END",
    },
    {
      title: "a stop token id → end_turn",
      recording: "stop-token-id",
      options: { stopSequences: ["151645"] },
      stopReason: "end_turn",
      stopSequence: null,
    },
    {
      title: "a matched string the request did not ask for → end_turn",
      recording: "stop-unrequested-string",
      options: { stopSequences: ["END"] },
      stopReason: "end_turn",
      stopSequence: null,
    },
    { title: "length → max_tokens", recording: "finish-length", stopReason: "max_tokens", outputTokens: 16 },
    { title: "content_filter → refusal", recording: "finish-content-filter", stopReason: "refusal" },
    {
      title: "no usage chunk: output_tokens 0, still a complete message",
      recording: "no-usage-chunk",
      stopReason: "end_turn",
      outputTokens: 0,
    },
    {
      title: "a stream cut before any finish and [DONE] → error, never end_turn",
      recording: "truncated-before-finish",
      error: "api_error",
    },
    {
      title: "[DONE] without any finish_reason → as stop",
      recording: "done-without-finish",
      stopReason: "end_turn",
    },
    {
      title: "a finish_reason but no [DONE] → as that finish reason",
      recording: "finish-without-done",
      stopReason: "end_turn",
      outputTokens: 2,
    },
    {
      title: "an upstream error chunk → error event, no message_stop",
      recording: "error-chunk-mid-stream",
      error: "api_error",
    },
    { title: "finish `abort` → error", recording: "finish-abort", error: "api_error" },
    {
      title: "vLLM `reasoning` field → a thinking block",
      recording: "structured-reasoning-vllm",
      stopReason: "end_turn",
      blocks: [
        { type: "thinking", thinking: "Let me think about it." },
        { type: "text", text: "It is 4." },
      ],
    },
    {
      title: "a qwen3.5 preset on a server that parses itself: the answer in content is text, not thinking",
      recording: "parsing-server-qwen35-preset-answer-not-in-thinking",
      options: qwen35,
      stopReason: "end_turn",
      blocks: [
        { type: "thinking", thinking: "The user asks 2+2. That is 4." },
        { type: "text", text: "The answer is 4." },
      ],
    },
    {
      title:
        "a server with a reasoning parser but no tool parser: raw tool markup in content is still a call",
      recording: "parsing-server-reasoning-only-raw-tool-markup",
      options: { ...qwen35, tools: bashTools },
      stopReason: "tool_use",
      blocks: [
        { type: "thinking", thinking: "I should list the files." },
        { type: "text", text: "Listing." },
        { type: "tool_use", name: "Bash", input: { command: "ls" } },
      ],
    },
    {
      title:
        "raw qwen3: a </think> that closes a literal <think> in the answer stays literal; a stray one goes",
      recording: "raw-qwen3-literal-think-pair-in-answer",
      options: qwen35,
      stopReason: "end_turn",
      blocks: [
        { type: "thinking", thinking: "Explain the tags." },
        {
          type: "text",
          text: "Qwen3 wraps its reasoning in <think>…</think> tags; the gateway strips them.",
        },
      ],
    },
    {
      title:
        "qwen_xml: a parameter the schema does not name ends the one before it (no markup in a file path)",
      recording: "raw-qwen35-hallucinated-parameter-not-in-file-path",
      options: { ...qwen35, tools: writeTools },
      stopReason: "tool_use",
      blocks: [
        { type: "thinking", thinking: "I will write the file." },
        {
          type: "tool_use",
          name: "Write",
          input: { file_path: "/work/app/notes.txt", encoding: "utf-8", content: "hello" },
        },
      ],
    },
    {
      title: "SGLang `reasoning_content` field → a thinking block; a token-id matched_stop → end_turn",
      recording: "structured-reasoning-sglang",
      stopReason: "end_turn",
      blocks: [
        { type: "thinking", thinking: "2+2 is 4" },
        { type: "text", text: "4" },
      ],
    },
    {
      title: "a JSON (non-SSE) answer to a stream request is decoded too",
      recording: {
        events: [
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            model: "m",
            choices: [
              {
                index: 0,
                message: {
                  role: "assistant",
                  content: "Here.",
                  tool_calls: [
                    {
                      id: "call_j",
                      type: "function",
                      function: { name: "Read", arguments: '{"file_path":"/x"}' },
                    },
                  ],
                },
                finish_reason: "tool_calls",
              },
            ],
            usage: { prompt_tokens: 9, completion_tokens: 7, total_tokens: 16 },
          }),
        ],
      },
      stopReason: "tool_use",
      outputTokens: 7,
      blocks: [
        { type: "text", text: "Here." },
        { type: "tool_use", name: "Read", input: { file_path: "/x" } },
      ],
    },
    {
      title: "a data line that is not JSON is an upstream error, not skipped",
      recording: {
        events: [
          'data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n',
          "data: {not json\n\n",
          "data: [DONE]\n\n",
        ],
      },
      error: "api_error",
    },
  ];
}

// The recordings sit with the pipeline's tests; every surface replays the same ones.
const fixtures = join(import.meta.dirname, "..", "..", "test", "fixtures");
export const eventsOf = (scenario: Scenario): string[] =>
  typeof scenario.recording === "string"
    ? toSseEvents(
        readRecording(
          join(
            fixtures,
            scenario.recording.endsWith(".json") ? scenario.recording : `${scenario.recording}.chunks.jsonl`,
          ),
        ),
      )
    : scenario.recording.events;

/** Deterministic ids, so that every chunking can be compared whole. */
export function optionsFor(scenario: Scenario): TranscoderOptions {
  let next = 0;
  return {
    thinking: false,
    model: "claude-sonnet-4-5",
    messageId: "msg_test",
    inputTokens: 0,
    signature: "sig",
    createToolId: () => `toolu_test${next++}`,
    ...scenario.options,
  };
}

export function withoutIds(block: ContentBlock): Block {
  switch (block.type) {
    case "thinking":
      return { type: "thinking", thinking: block.thinking };
    case "text":
      return { type: "text", text: block.text };
    case "tool_use":
      return { type: "tool_use", name: block.name, input: block.input };
  }
}
