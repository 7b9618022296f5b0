import Anthropic from "@anthropic-ai/sdk";
import type { StopReason } from "@sluice/events";
import { eventsOf, type Scenario } from "@sluice/pipeline/testkit";
import { toOpenAIFinishReason } from "@sluice/stop-reason";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { startTestGateway, type TestGateway } from "../server/test-gateway";
import { scenarios } from "./recorded-scenarios";

/**
 * docs/http-api.md §6: every recorded upstream scenario the Anthropic side is tested with, through the
 * real gateway, read by the official SDKs on the three surfaces (Anthropic Messages, OpenAI Chat
 * Completions, OpenAI Responses), streaming and not. All six must give the same reasoning, text, tool
 * calls and stop; one pipeline, three encoders.
 */

/** What every surface must agree on. */
interface Answer {
  readonly reasoning: string;
  readonly text: string;
  readonly calls: readonly { readonly name: string; readonly input: unknown }[];
  /** The OpenAI finish reason the Anthropic stop reason maps to. */
  readonly finish: string;
}

let upstream: ScriptedUpstream;
let gateway: TestGateway;

const modelOf = (position: number): string => `scenario-${position}`;

/** One model per scenario, its parsers and thinking as the scenario's transcoder options say. */
function configFor(list: readonly Scenario[]): string {
  const models = list.map((scenario, position) => {
    const options = scenario.options ?? {};
    return [
      `  - name: ${modelOf(position)}`,
      `    reasoning_parser: ${options.reasoning?.id ?? "none"}`,
      `    tool_parser: ${options.tool?.id ?? "none"}`,
      `    thinking: ${options.thinking === true ? "on" : "off"}`,
      "    upstream:",
      `      base_url: ${upstream.baseUrl}`,
    ].join("\n");
  });
  return `server:\n  api_keys: [client-key]\nmodels:\n${models.join("\n")}\n`;
}

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const position = Number(String(request.body.model).slice("scenario-".length));
    const scenario = scenarios[position];
    // The recorded SSE text as written, one event per write (some scenarios are deliberately malformed).
    return scenario === undefined ? { status: 404, body: "{}" } : { raw: eventsOf(scenario) };
  });
  gateway = await startTestGateway(configFor(scenarios));
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const prompt = "Do what the recording does.";

function toolsOf(scenario: Scenario): { name: string; schema: Record<string, unknown> }[] {
  return [...(scenario.options?.tools ?? new Map()).entries()].map(([name, schema]) => ({
    name,
    schema: schema as Record<string, unknown>,
  }));
}

async function anthropicAnswer(scenario: Scenario, model: string): Promise<Answer> {
  const client = new Anthropic({ apiKey: "client-key", baseURL: gateway.origin, maxRetries: 0 });
  const tools = toolsOf(scenario);
  const options = scenario.options ?? {};
  const message = await client.messages
    .stream({
      model,
      max_tokens: 1024,
      messages: [{ role: "user", content: prompt }],
      ...(tools.length === 0
        ? {}
        : {
            tools: tools.map((tool) => ({
              name: tool.name,
              input_schema: tool.schema as Anthropic.Tool.InputSchema,
            })),
          }),
      ...(options.stopSequences === undefined ? {} : { stop_sequences: [...options.stopSequences] }),
      ...(options.disableParallelToolUse === true
        ? { tool_choice: { type: "auto" as const, disable_parallel_tool_use: true } }
        : {}),
    })
    .finalMessage();
  const answer = { reasoning: "", text: "", calls: [] as { name: string; input: unknown }[] };
  // A call the token limit cut stays open (docs/dialects.md §2): the SDK holds it unfinished, last.
  const content = scenario.cutToolCall ? message.content.slice(0, -1) : message.content;
  if (scenario.cutToolCall) expect(message.content.at(-1)?.type).toBe("tool_use");
  for (const block of content) {
    if (block.type === "thinking") answer.reasoning += block.thinking;
    else if (block.type === "text") answer.text += block.text;
    else if (block.type === "tool_use") answer.calls.push({ name: block.name, input: block.input });
  }
  return { ...answer, finish: toOpenAIFinishReason(message.stop_reason as StopReason) };
}

/**
 * Takes off the call the token limit cut, which a streaming OpenAI client holds with its arguments as far as they
 * came (not one JSON value), the turn finishing `length` or `incomplete`.
 */
function withoutCutCall<Call>(calls: Call[], argumentsOf: (call: Call) => string): Call[] {
  const cut = calls.at(-1);
  expect(cut).toBeDefined();
  expect(() => JSON.parse(argumentsOf(cut as Call))).toThrow();
  return calls.slice(0, -1);
}

function chatParams(scenario: Scenario, model: string) {
  const tools = toolsOf(scenario);
  const options = scenario.options ?? {};
  return {
    model,
    messages: [{ role: "user" as const, content: prompt }],
    ...(tools.length === 0
      ? {}
      : {
          tools: tools.map((tool) => ({
            type: "function" as const,
            function: { name: tool.name, parameters: tool.schema },
          })),
        }),
    ...(options.stopSequences === undefined ? {} : { stop: [...options.stopSequences] }),
    ...(options.disableParallelToolUse === true ? { parallel_tool_calls: false } : {}),
  };
}

/** Minted ids are OpenAI's `call_…`; a server's own ids are kept, made safe (`functions.Bash:0` → `functions_Bash_0`). */
const ID = /^(call_[A-Za-z0-9_-]{20,}|[A-Za-z0-9_-]+)$/;

type ChatMessageWithReasoning = OpenAI.Chat.ChatCompletionMessage & { reasoning_content?: string };

/**
 * The SDK's stream helper keeps only the last `reasoning_content` fragment (it copies fields it does not know
 * onto the message), so a streamed answer's reasoning is read from its chunks instead.
 */
function chatAnswer(
  completion: OpenAI.Chat.ChatCompletion,
  streamedReasoning?: string,
  cutCall = false,
): Answer {
  const choice = completion.choices[0];
  if (choice === undefined) throw new Error("no choice");
  const message = choice.message as ChatMessageWithReasoning;
  const toolCalls = message.tool_calls ?? [];
  return {
    reasoning: streamedReasoning ?? message.reasoning_content ?? "",
    text: message.content ?? "",
    calls: (cutCall
      ? withoutCutCall(toolCalls, (call) => (call.type === "function" ? call.function.arguments : ""))
      : toolCalls
    ).map((call) => {
      if (call.type !== "function") throw new Error(`unexpected ${call.type} call`);
      expect(call.id).toMatch(ID);
      return { name: call.function.name, input: JSON.parse(call.function.arguments) };
    }),
    finish: choice.finish_reason,
  };
}

function responsesParams(scenario: Scenario, model: string) {
  const tools = toolsOf(scenario);
  const options = scenario.options ?? {};
  return {
    model,
    input: prompt,
    store: false,
    ...(tools.length === 0
      ? {}
      : {
          tools: tools.map((tool) => ({
            type: "function" as const,
            name: tool.name,
            parameters: tool.schema,
            strict: false,
          })),
        }),
    ...(options.disableParallelToolUse === true ? { parallel_tool_calls: false } : {}),
  };
}

function responsesAnswer(response: OpenAI.Responses.Response, cutCall = false): Answer {
  const answer = { reasoning: "", text: "", calls: [] as { name: string; input: unknown }[] };
  const output = cutCall
    ? withoutCutCall(response.output, (item) => (item.type === "function_call" ? item.arguments : ""))
    : response.output;
  if (cutCall) expect(response.output.at(-1)).toMatchObject({ type: "function_call", status: "incomplete" });
  for (const item of output) {
    if (item.type === "reasoning") {
      for (const part of item.content ?? []) answer.reasoning += part.text;
    } else if (item.type === "message") {
      for (const part of item.content) if (part.type === "output_text") answer.text += part.text;
    } else if (item.type === "function_call") {
      expect(item.call_id).toMatch(ID);
      answer.calls.push({ name: item.name, input: JSON.parse(item.arguments) });
    }
  }
  expect(response.output_text).toBe(answer.text);
  const incomplete = response.incomplete_details?.reason;
  const finish =
    response.status === "incomplete"
      ? incomplete === "content_filter"
        ? "content_filter"
        : "length"
      : answer.calls.length > 0
        ? "tool_calls"
        : "stop";
  return { ...answer, finish };
}

/** Responses has no stop-sequence field: only scenarios without one are asked that way. */
const respondsWithoutStop = (scenario: Scenario): boolean => scenario.options?.stopSequences === undefined;

describe("every recorded scenario through the gateway: Anthropic, Chat Completions and Responses agree", () => {
  const openai = () => new OpenAI({ apiKey: "client-key", baseURL: `${gateway.origin}/v1`, maxRetries: 0 });

  scenarios.forEach((scenario, position) => {
    it(scenario.title, async () => {
      const model = modelOf(position);
      const client = openai();
      if (scenario.error !== undefined) {
        await expect(
          client.chat.completions.stream(chatParams(scenario, model)).finalChatCompletion(),
        ).rejects.toThrow();
        await expect(client.chat.completions.create(chatParams(scenario, model))).rejects.toThrow();
        await expect(
          client.responses.stream(responsesParams(scenario, model)).finalResponse(),
        ).rejects.toThrow();
        await expect(client.responses.create(responsesParams(scenario, model))).rejects.toThrow();
        return;
      }
      const expected = await anthropicAnswer(scenario, model);

      const stream = client.chat.completions.stream(chatParams(scenario, model));
      let streamedReasoning = "";
      stream.on("chunk", (chunk) => {
        const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
        streamedReasoning += delta?.reasoning_content ?? "";
      });
      const streamed = await stream.finalChatCompletion();
      const whole = await client.chat.completions.create(chatParams(scenario, model));
      const cut = scenario.cutToolCall === true;
      expect(chatAnswer(streamed, streamedReasoning, cut)).toEqual(expected);
      // Folded, the cut call is no part of the completion.
      expect(chatAnswer(whole)).toEqual(expected);

      if (respondsWithoutStop(scenario)) {
        const streamedResponse = await client.responses
          .stream(responsesParams(scenario, model))
          .finalResponse();
        const wholeResponse = await client.responses.create(responsesParams(scenario, model));
        // A stop sequence folds into `stop` on both OpenAI surfaces; Responses says `completed`.
        expect(responsesAnswer(streamedResponse, cut)).toEqual(expected);
        expect(responsesAnswer(wholeResponse, cut)).toEqual(expected);
      }
    });
  });
});
