import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESETS, type Preset } from "../../src/config/presets";
import { type ScriptedReply, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { modelYaml, startTestGateway, type TestGateway } from "./test-gateway";

// One answer — reasoning, text, one tool call — as a raw server and as a parsing server would stream it.
const REASONING = "The user wants the weather. I should call the tool.";
const TEXT = "Let me check.";
const CITY = "Paris";

const tools = [
  {
    name: "get_weather",
    description: "Current weather for a city",
    input_schema: {
      type: "object" as const,
      properties: { city: { type: "string" } },
      required: ["city"],
    },
  },
];

function rawToolMarkup(toolParser: Preset["toolParser"]): string {
  if (toolParser === "qwen_xml")
    return `<tool_call>\n<function=get_weather>\n<parameter=city>\n${CITY}\n</parameter>\n</function>\n</tool_call>`;
  if (toolParser === "hermes")
    return `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${CITY}"}}\n</tool_call>`;
  return "";
}

/** Cuts text into small pieces, as servers stream tokens. */
function pieces(text: string, size = 5): string[] {
  const result: string[] = [];
  for (let at = 0; at < text.length; at += size) result.push(text.slice(at, at + size));
  return result;
}

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
const USAGE = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  choices: [],
  usage: { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 },
});

/** A server without parsers: the template put `<think>` in the prompt, so only `</think>` comes out. */
function rawServer(preset: Preset): ScriptedReply {
  const thinks = preset.reasoningParser !== "none";
  const content = `${thinks ? `${REASONING}\n</think>\n\n` : ""}${TEXT}\n\n${rawToolMarkup(preset.toolParser)}`;
  return {
    payloads: [
      chunk({ role: "assistant", content: "" }),
      ...pieces(content).map((piece) => chunk({ content: piece })),
      chunk({}, "stop"),
      USAGE,
      "[DONE]",
    ],
  };
}

/** vLLM with `--reasoning-parser` and `--tool-call-parser`: structured fields, content is the answer. */
function parsingServer(preset: Preset): ScriptedReply {
  const thinks = preset.reasoningParser !== "none";
  const calls = preset.toolParser !== "none";
  return {
    payloads: [
      chunk({ role: "assistant", content: "" }),
      ...(thinks ? pieces(REASONING).map((piece) => chunk({ reasoning: piece })) : []),
      // vLLM leaves the template's newlines after </think> in content.
      ...pieces(`\n\n${TEXT}`).map((piece) => chunk({ content: piece })),
      ...(calls
        ? [
            chunk({
              tool_calls: [
                {
                  index: 0,
                  id: "chatcmpl-tool-1",
                  type: "function",
                  function: { name: "get_weather", arguments: "" },
                },
              ],
            }),
            ...pieces(`{"city": "${CITY}"}`).map((piece) =>
              chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
            ),
          ]
        : []),
      chunk({}, calls ? "tool_calls" : "stop"),
      USAGE,
      "[DONE]",
    ],
  };
}

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const [presetName, kind] = String(request.body.model).split("@");
    const preset = PRESETS.find((candidate) => candidate.name === presetName)!;
    return kind === "raw" ? rawServer(preset) : parsingServer(preset);
  });
  const models = PRESETS.flatMap((preset) =>
    ["raw", "parsing"].map((kind) =>
      modelYaml(`${preset.name}@${kind}`, upstream.baseUrl, { model: { preset: preset.name } }),
    ),
  ).join("");
  gateway = await startTestGateway(`models:\n${models}`);
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** The blocks as a client reads them, tool ids aside (they are minted per request). */
function blocksOf(message: Anthropic.Message): unknown[] {
  return message.content.map((block) => (block.type === "tool_use" ? { ...block, id: "toolu" } : block));
}

describe("one preset for any server (docs/dialects.md §1): raw markup and structured fields give one message", () => {
  it.each(PRESETS.map((preset) => [preset.name, preset] as const))("%s", async (_name, preset) => {
    const client = new Anthropic({ apiKey: "unused", baseURL: gateway.origin, maxRetries: 0 });
    const request = {
      max_tokens: 1024,
      thinking: { type: "enabled" as const, budget_tokens: 512 },
      tools,
      messages: [{ role: "user" as const, content: "Weather in Paris?" }],
    };
    const expected = [
      ...(preset.reasoningParser === "none"
        ? []
        : [{ type: "thinking", thinking: REASONING, signature: "sluice" }]),
      { type: "text", text: TEXT },
      ...(preset.toolParser === "none"
        ? []
        : [{ type: "tool_use", id: "toolu", name: "get_weather", input: { city: CITY } }]),
    ];
    for (const kind of ["raw", "parsing"]) {
      const model = `${preset.name}@${kind}`;
      const streamed = await client.messages.stream({ ...request, model }).finalMessage();
      const whole = await client.messages.create({ ...request, model });
      for (const message of [streamed, whole]) {
        expect(blocksOf(message), `${model}`).toEqual(expected);
        expect(message.stop_reason).toBe(preset.toolParser === "none" ? "end_turn" : "tool_use");
      }
    }
  });
});
