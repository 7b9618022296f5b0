/// <reference types="vite/client" />
import Anthropic from "@anthropic-ai/sdk";
import { readThinkingKwarg, thinkingKwargValue } from "@sluice/core";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESETS, type Preset } from "../../src/config/presets";
import { resolveModelPlan } from "../../src/config/resolve-model-plan";
import { templateModelFor } from "../templates/template-model-for";
import { thinkTagsOf } from "../templates/think-tags-of";
import type { RawMarkup } from "./raw-markup/raw-markup";
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

// How each tool dialect's family writes a call: one file per dialect in ./raw-markup.
const RAW_MARKUP = new Map(
  Object.values(import.meta.glob<{ markup: RawMarkup }>("./raw-markup/*.ts", { eager: true }))
    .filter((module) => module.markup !== undefined)
    .map((module) => [module.markup.dialect, module.markup] as const),
);

function rawToolMarkup(toolParser: Preset["toolParser"], cut: boolean): string {
  if (toolParser === "none") return "";
  const markup = RAW_MARKUP.get(toolParser);
  if (markup === undefined)
    throw new Error(`no raw markup for ${toolParser}: add test/server/raw-markup/${toolParser}.ts`);
  const call = markup.render([{ name: "get_weather", arguments: { city: CITY } }]);
  // Cut by the end of the stream inside the call's value: "Par", as the token limit cuts a Write.
  return cut ? call.slice(0, call.indexOf(CITY) + 3) : call;
}

/** How the stream ends: whole, or cut inside the call with the finish reason the upstream then sends. */
type Ending = "whole" | "length" | "stop";

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

/**
 * Whether the model writes reasoning for this request: its family reasons, and thinking is on or always is, or no
 * request field switches it (Magistral thinks as its system prompt asks, which the scripted one does).
 */
function reasons(preset: Preset, thinkingOn: boolean): boolean {
  const plan = resolveModelPlan({ preset: preset.name });
  return (
    plan.reasoning !== undefined && (thinkingOn || plan.alwaysThinks || plan.thinkingKwarg === undefined)
  );
}

/**
 * A server without parsers, its model answering where the family's template (test/templates) left it: after a
 * generation prompt that opened `<think>` only `</think>` comes out; where the template leaves thinking to the
 * model (GLM-4.5), it writes `<think>` itself.
 */
function rawServer(
  preset: Preset,
  thinkingOn: boolean,
  body: Record<string, unknown>,
  ending: Ending,
): ScriptedReply {
  const thinks = reasons(preset, thinkingOn);
  const rendered = templateModelFor(preset.name).render(body);
  // What templates refuse is test/templates' subject; here (DeepSeek V3.1's stock template and a past call)
  // the server is taken to have a fixed one that opens `<think>` as the stock one does.
  const { open, close } = thinkTagsOf(resolveModelPlan({ preset: preset.name }));
  const opened = !rendered.ok || rendered.generation.trimEnd().endsWith(open);
  const reasoning = !thinks ? "" : opened ? `${REASONING}\n${close}\n\n` : `${open}${REASONING}${close}\n\n`;
  const content = `${reasoning}${TEXT}\n\n${rawToolMarkup(preset.toolParser, ending !== "whole")}`;
  return {
    payloads: [
      chunk({ role: "assistant", content: "" }),
      ...pieces(content).map((piece) => chunk({ content: piece })),
      chunk({}, ending === "length" ? "length" : "stop"),
      USAGE,
      "[DONE]",
    ],
  };
}

/** vLLM with `--reasoning-parser` and `--tool-call-parser`: structured fields, content is the answer. */
function parsingServer(preset: Preset, thinkingOn: boolean, ending: Ending): ScriptedReply {
  const thinks = reasons(preset, thinkingOn);
  // A server's own parser sends calls whatever the preset's raw dialect (deepseek-r1 has none).
  const calls = preset.toolParser !== "none" || ending !== "whole";
  const argumentsText = `{"city": "${ending === "whole" ? CITY : CITY.slice(0, 3)}`;
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
            ...pieces(ending === "whole" ? `${argumentsText}"}` : argumentsText).map((piece) =>
              chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
            ),
          ]
        : []),
      chunk({}, ending === "whole" ? (calls ? "tool_calls" : "stop") : ending),
      USAGE,
      "[DONE]",
    ],
  };
}

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const [presetName, kind, cut] = String(request.body.model).split("@");
    const ending: Ending = cut === "length" || cut === "stop" ? cut : "whole";
    const preset = PRESETS.find((candidate) => candidate.name === presetName)!;
    // The scripted model thinks when the request asked the template to (or its family always does).
    const kwargs = (request.body.chat_template_kwargs ?? {}) as Record<string, unknown>;
    const kwarg = resolveModelPlan({ preset: preset.name }).thinkingKwarg;
    const thinkingOn = kwarg !== undefined && readThinkingKwarg(kwarg, kwargs[kwarg]) === true;
    try {
      return kind === "raw"
        ? rawServer(preset, thinkingOn, request.body, ending)
        : parsingServer(preset, thinkingOn, ending);
    } catch (error) {
      // A family without raw markup yet fails at once rather than by a timeout.
      return { status: 500, body: JSON.stringify({ error: { message: String(error) } }) };
    }
  });
  const models = PRESETS.flatMap((preset) =>
    ["raw", "parsing"].flatMap((kind) =>
      ["", "@length", "@stop"].map((cut) =>
        modelYaml(`${preset.name}@${kind}${cut}`, upstream.baseUrl, { model: { preset: preset.name } }),
      ),
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
    const plan = resolveModelPlan({ preset: preset.name });
    for (const thinkingOn of [true, false]) {
      const client = new Anthropic({ apiKey: "unused", baseURL: gateway.origin, maxRetries: 0 });
      const request = {
        max_tokens: 1024,
        thinking: thinkingOn
          ? { type: "enabled" as const, budget_tokens: 512 }
          : { type: "disabled" as const },
        tools,
        messages: [{ role: "user" as const, content: "Weather in Paris?" }],
      };
      const expected = [
        ...(reasons(preset, thinkingOn)
          ? [{ type: "thinking", thinking: REASONING, signature: "sluice" }]
          : []),
        { type: "text", text: TEXT },
        ...(preset.toolParser === "none"
          ? []
          : [{ type: "tool_use", id: "toolu", name: "get_weather", input: { city: CITY } }]),
      ];
      for (const kind of ["raw", "parsing"]) {
        const model = `${preset.name}@${kind}`;
        const streamed = await client.messages.stream({ ...request, model }).finalMessage();
        const whole = await client.messages.create({ ...request, model });
        const where = `${model}, thinking ${thinkingOn ? "on" : "off"}`;
        for (const message of [streamed, whole]) {
          expect(blocksOf(message), where).toEqual(expected);
          expect(message.stop_reason, where).toBe(preset.toolParser === "none" ? "end_turn" : "tool_use");
        }
        // The upstream was asked for the family's template switch and the fields its markers need.
        const sent = upstream.requestsFor(model).at(-1)?.body ?? {};
        const kwargs = sent.chat_template_kwargs as Record<string, unknown> | undefined;
        if (plan.thinkingKwarg === undefined) expect(kwargs, where).toEqual(preset.template?.kwargs);
        else
          expect(kwargs?.[plan.thinkingKwarg], where).toBe(
            thinkingKwargValue(plan.thinkingKwarg, thinkingOn || plan.alwaysThinks),
          );
        for (const [field, value] of Object.entries(plan.requestFields ?? {}))
          expect(sent[field], where).toEqual(value);
      }
    }
  });
});

describe("past calls go upstream with the ids the family's template expects (docs/dialects.md §3)", () => {
  it.each(
    PRESETS.filter((preset) => preset.toolParser !== "none").map((preset) => [preset.name, preset] as const),
  )("%s", async (_name, preset) => {
    const client = new Anthropic({ apiKey: "unused", baseURL: gateway.origin, maxRetries: 0 });
    const model = `${preset.name}@raw`;
    const first = await client.messages.create({
      model,
      max_tokens: 1024,
      tools,
      messages: [{ role: "user", content: "Weather in Paris?" }],
    });
    const call = first.content.find((block) => block.type === "tool_use");
    expect(call?.id).toMatch(/^[a-zA-Z0-9_-]+$/);
    await client.messages.create({
      model,
      max_tokens: 1024,
      tools,
      messages: [
        { role: "user", content: "Weather in Paris?" },
        { role: "assistant", content: first.content },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: call?.id ?? "", content: "Sunny, 21 °C" }],
        },
      ],
    });
    const sent = (upstream.requestsFor(model).at(-1)?.body.messages ?? []) as {
      role: string;
      tool_calls?: { id: string }[];
      tool_call_id?: string;
      tool_responses?: unknown;
    }[];
    // Kimi's template writes the id into the prompt (functions.NAME:IDX), Mistral's takes nine characters; the
    // others keep the client's id.
    const historyId = resolveModelPlan({ preset: preset.name }).historyToolCallId;
    const expectedId = historyId === undefined ? call?.id : historyId("get_weather", 0);
    if (preset.toolParser === "kimi_k2") expect(expectedId).toBe("functions.get_weather:0");
    const assistant = sent.find(
      (message) => message.role === "assistant" && message.tool_calls !== undefined,
    );
    expect(assistant?.tool_calls?.[0]?.id).toBe(expectedId);
    if (preset.template?.toolResults === "tool_responses") {
      // Gemma 4's template reads the result on the calling turn, named after the call (docs/dialects.md §5).
      expect(assistant?.tool_responses).toEqual([{ name: "get_weather", response: "Sunny, 21 °C" }]);
      expect(sent.some((message) => message.role === "tool")).toBe(false);
      return;
    }
    expect(sent.find((message) => message.role === "tool")?.tool_call_id).toBe(expectedId);
  });
});

const openaiTools = {
  chat: tools.map((tool) => ({
    type: "function" as const,
    function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
  })),
  responses: tools.map((tool) => ({
    type: "function" as const,
    name: tool.name,
    description: tool.description,
    parameters: tool.input_schema,
    strict: false,
  })),
};

/** A call's arguments as a client could use them: the object, or "cut" when they are no complete JSON. */
function argumentsOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return "cut";
  }
}

/** What a client gets, as the fields two servers can be compared by; an error is its message (request id aside). */
async function outcome<T>(answer: Promise<T>, read: (value: T) => unknown): Promise<unknown> {
  try {
    return read(await answer);
  } catch (error) {
    return { error: (error as Error).message.replace(/ \(request ID: [^)]*\)|,"request_id":"[^"]*"/g, "") };
  }
}

const anthropicOutcome = (message: Anthropic.Message) => ({
  blocks: blocksOf(message),
  stop: message.stop_reason,
});

const chatOutcome = (completion: OpenAI.Chat.ChatCompletion) => {
  const choice = completion.choices[0];
  return {
    text: choice?.message.content ?? null,
    calls: (choice?.message.tool_calls ?? []).map((call) =>
      call.type === "function"
        ? { name: call.function.name, arguments: argumentsOf(call.function.arguments) }
        : call,
    ),
    finish: choice?.finish_reason,
  };
};

// Reasoning items aside: whether a Responses request thinks is that route's default, not this test's subject.
const responsesOutcome = (response: OpenAI.Responses.Response) => ({
  text: response.output_text,
  items: response.output
    .filter((item) => item.type !== "reasoning")
    .map((item) =>
      item.type === "function_call"
        ? { type: item.type, name: item.name, status: item.status, arguments: argumentsOf(item.arguments) }
        : { type: item.type },
    ),
  status: response.status,
  incomplete: response.incomplete_details?.reason ?? null,
});

/** Every client's answer to one model: the Anthropic SDK and the OpenAI SDK on both OpenAI routes, streamed and not. */
async function everyClient(model: string): Promise<Record<string, unknown>> {
  const anthropic = new Anthropic({ apiKey: "unused", baseURL: gateway.origin, maxRetries: 0 });
  const openai = new OpenAI({ apiKey: "unused", baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
  const question = "Weather in Paris?";
  const messages = [{ role: "user" as const, content: question }];
  const anthropicRequest = { model, max_tokens: 1024, tools, messages };
  const chatRequest = { model, messages, tools: openaiTools.chat };
  const responsesRequest = { model, input: question, store: false, tools: openaiTools.responses };
  return {
    "Anthropic, streamed": await outcome(
      anthropic.messages.stream(anthropicRequest).finalMessage(),
      anthropicOutcome,
    ),
    "Anthropic, not streamed": await outcome(anthropic.messages.create(anthropicRequest), anthropicOutcome),
    "Chat Completions, streamed": await outcome(
      openai.chat.completions.stream(chatRequest).finalChatCompletion(),
      chatOutcome,
    ),
    "Chat Completions, not streamed": await outcome(openai.chat.completions.create(chatRequest), chatOutcome),
    "Responses, streamed": await outcome(
      openai.responses.stream(responsesRequest).finalResponse(),
      responsesOutcome,
    ),
    "Responses, not streamed": await outcome(openai.responses.create(responsesRequest), responsesOutcome),
  };
}

describe("a tool call the stream cuts is never run, from any server, on any surface (docs/dialects.md §2)", () => {
  it.each(PRESETS.map((preset) => [preset.name, preset] as const))("%s", async (_name, preset) => {
    const thinking = reasons(preset, false)
      ? [{ type: "thinking", thinking: REASONING, signature: "sluice" }]
      : [];
    const text = { type: "text", text: TEXT };
    const cutCall = { type: "function_call", name: "get_weather", status: "incomplete", arguments: "cut" };
    // Each SDK words it its own way (a status, the error object as JSON); the gateway's message is in all.
    const cutError = {
      error: expect.stringMatching(
        /the arguments of tool call \\?"get_weather\\?" were cut off before they were complete \(finish_reason \\?"stop\\?"\); the call is not run/,
      ),
    };
    for (const ending of ["length", "stop"] as const) {
      const parsing = await everyClient(`${preset.name}@parsing@${ending}`);
      const where = `${preset.name}, finish ${ending}`;
      // The parsing server's cut call: left open before max_tokens (an SDK that accumulates holds it unfinished,
      // a folded answer leaves it out), or the turn is an error; never a finished call.
      expect(parsing, where).toEqual(
        ending === "length"
          ? {
              "Anthropic, streamed": {
                blocks: [
                  ...thinking,
                  text,
                  // The SDK parses the unfinished arguments as far as they are whole: no unfinished string.
                  { type: "tool_use", id: "toolu", name: "get_weather", input: {} },
                ],
                stop: "max_tokens",
              },
              "Anthropic, not streamed": { blocks: [...thinking, text], stop: "max_tokens" },
              "Chat Completions, streamed": {
                text: TEXT,
                calls: [{ name: "get_weather", arguments: "cut" }],
                finish: "length",
              },
              "Chat Completions, not streamed": { text: TEXT, calls: [], finish: "length" },
              "Responses, streamed": {
                text: TEXT,
                items: [{ type: "message" }, cutCall],
                status: "incomplete",
                incomplete: "max_output_tokens",
              },
              "Responses, not streamed": {
                text: TEXT,
                items: [{ type: "message" }, cutCall],
                status: "incomplete",
                incomplete: "max_output_tokens",
              },
            }
          : {
              "Anthropic, streamed": cutError,
              "Anthropic, not streamed": cutError,
              "Chat Completions, streamed": cutError,
              "Chat Completions, not streamed": cutError,
              "Responses, streamed": cutError,
              "Responses, not streamed": cutError,
            },
      );
      if (preset.toolParser === "none") continue;
      const raw = await everyClient(`${preset.name}@raw@${ending}`);
      if (preset.toolParser !== "hermes") {
        // The same model output from a server without parsers: the same answer, word for word.
        expect(raw, where).toEqual(parsing);
        continue;
      }
      // hermes holds a body until it is complete, so a cut one never started: it stays text, never a call.
      for (const [surface, answer] of Object.entries(raw)) {
        expect(JSON.stringify(answer), `${where}, ${surface}`).toContain("<tool_call>");
        expect(JSON.stringify(answer), `${where}, ${surface}`).not.toMatch(
          /"tool_use"|"function_call"|"name":"get_weather"/,
        );
      }
    }
  });
});
