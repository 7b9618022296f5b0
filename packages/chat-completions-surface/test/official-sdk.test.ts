import type { StopReason } from "@sluice/events";
import { eventsOf, fetchCutRandomly, optionsFor, replayUpstream } from "@sluice/pipeline/testkit";
import type { Message } from "@sluice/protocol-anthropic";
import { toOpenAIFinishReason } from "@sluice/stop-reason";
import OpenAI, { APIError } from "openai";
import { describe, expect, it } from "vitest";
import {
  CHAT_SSE_DONE,
  type ChatCompletionChunkOrError,
  createChatChunkEncoder,
  createChatCompletionAggregator,
  formatChatSse,
  openAIErrorBody,
} from "../src";
import { scenarios } from "./recorded-scenarios";

const identity = { id: "chatcmpl-test", model: "qwen3-coder", created: 1_700_000_000 };
const request = { model: identity.model, messages: [{ role: "user" as const, content: "hi" }] };

/** What every client must end up with: reasoning, text, calls (parsed), finish_reason. */
interface Outcome {
  readonly reasoning: string;
  readonly text: string;
  readonly toolCalls: { id: string; name: string; input: unknown }[];
  readonly finishReason: string | null;
}

function expectedOutcome(message: Message): Outcome {
  let reasoning = "";
  let text = "";
  const toolCalls: Outcome["toolCalls"] = [];
  for (const block of message.content) {
    if (block.type === "thinking") reasoning += block.thinking;
    else if (block.type === "text") text += block.text;
    else toolCalls.push({ id: block.id, name: block.name, input: block.input });
  }
  return {
    reasoning,
    text,
    toolCalls,
    finishReason: toOpenAIFinishReason(message.stop_reason as StopReason),
  };
}

interface OpenAIMessageLike {
  content?: string | null;
  reasoning_content?: string;
  tool_calls?: { id: string; type: string; function?: { name: string; arguments: string } }[] | null;
}

function outcomeOf(message: OpenAIMessageLike, finishReason: string | null, reasoning?: string): Outcome {
  return {
    reasoning: reasoning ?? message.reasoning_content ?? "",
    text: message.content ?? "",
    toolCalls: (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function?.name ?? "",
      input: JSON.parse(call.function?.arguments ?? ""),
    })),
    finishReason,
  };
}

/**
 * A call the token limit cut (docs/dialects.md §2): a streaming client has its arguments as far as they came, not
 * one JSON value, and `finish_reason: "length"`, as OpenAI streams such a call; taken off for the comparison with
 * the folded completion, which leaves it out.
 */
function expectCutCall(
  calls: { function?: { arguments: string } }[] | null | undefined,
  finish: string | null,
) {
  const cut = calls?.pop();
  expect(() => JSON.parse(cut?.function?.arguments ?? "")).toThrow();
  expect(finish).toBe("length");
}

/** An SDK client whose HTTP layer answers with `body`, cut into small random pieces. */
function clientServing(
  body: string,
  seed: number,
  init: { status?: number; contentType?: string } = {},
): OpenAI {
  return new OpenAI({
    apiKey: "test",
    baseURL: "http://sluice.test/v1",
    maxRetries: 0,
    fetch: fetchCutRandomly(body, seed, init),
  });
}

/** The bytes the gateway writes: every chunk, then [DONE] (after an error chunk too). */
function chatSse(chunks: ChatCompletionChunkOrError[]): string {
  return chunks.map(formatChatSse).join("") + CHAT_SSE_DONE;
}

describe("the official openai SDK reads the chat surface for every recorded scenario", () => {
  scenarios.forEach((scenario, position) => {
    describe(scenario.title, () => {
      const result = replayUpstream(optionsFor(scenario), eventsOf(scenario));
      const encode = (includeUsage: boolean): ChatCompletionChunkOrError[] => {
        const encoder = createChatChunkEncoder({ ...identity, includeUsage });
        return result.events.flatMap((event) => encoder.encode(event));
      };
      const errorEvent = result.events.find((event) => event.type === "error");

      it("the pipeline's own stream is valid", () => {
        expect(result.problems).toEqual([]);
        expect(errorEvent?.error.type).toBe(scenario.error);
      });

      it("(a) the stream helper's finalChatCompletion", async () => {
        const stream = clientServing(chatSse(encode(false)), position + 1).chat.completions.stream(request);
        // The helper Object.assign()s delta fields it does not know onto the message, so its final
        // `reasoning_content` is the last fragment only; the reasoning is read from its chunk events.
        let reasoning = "";
        let lastReasoning: string | undefined;
        stream.on("chunk", (chunk) => {
          const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
          if (delta?.reasoning_content !== undefined) {
            reasoning += delta.reasoning_content;
            lastReasoning = delta.reasoning_content;
          }
        });
        if (errorEvent !== undefined) {
          const failure = await stream.finalChatCompletion().then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(APIError);
          expect((failure as APIError).error).toEqual(openAIErrorBody(errorEvent.error).error);
          return;
        }
        const final = await stream.finalChatCompletion();
        const choice = final.choices[0]!;
        const message = choice.message as typeof choice.message & { reasoning_content?: string };
        expect(message.reasoning_content).toBe(lastReasoning);
        expect(message.role).toBe("assistant");
        expect(final).toMatchObject({ id: identity.id, created: identity.created, model: identity.model });
        if (scenario.cutToolCall) expectCutCall(message.tool_calls, choice.finish_reason);
        expect(outcomeOf(message, choice.finish_reason, reasoning)).toEqual(expectedOutcome(result.message!));
      });

      it("(b) a plain create({stream: true}) iteration", async () => {
        const chunks = encode(true);
        const stream = await clientServing(chatSse(chunks), position + 101).chat.completions.create({
          ...request,
          stream: true,
          stream_options: { include_usage: true },
        });
        const received: OpenAI.ChatCompletionChunk[] = [];
        const read = async (): Promise<void> => {
          for await (const chunk of stream) received.push(chunk);
        };
        if (errorEvent !== undefined) {
          const failure = await read().then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(APIError);
          const expected = openAIErrorBody(errorEvent.error).error;
          expect((failure as APIError).error).toEqual(expected);
          expect((failure as APIError).code).toBe(expected.code);
          expect((failure as APIError).type).toBe(expected.type);
          // Everything before the error arrived as chunks.
          expect(received).toEqual(chunks.slice(0, -1));
          return;
        }
        await read();
        expect(received).toEqual(chunks);
        const message: OpenAIMessageLike & { content: string; reasoning_content: string } = {
          content: "",
          reasoning_content: "",
        };
        const calls: { id: string; type: string; function: { name: string; arguments: string } }[] = [];
        let finishReason: string | null = null;
        let finishChunks = 0;
        for (const chunk of received) {
          expect(chunk).toMatchObject({ ...identity, object: "chat.completion.chunk" });
          const choice = chunk.choices[0];
          if (choice === undefined) continue;
          const delta = choice.delta as typeof choice.delta & { reasoning_content?: string };
          message.reasoning_content += delta.reasoning_content ?? "";
          message.content += delta.content ?? "";
          for (const fragment of delta.tool_calls ?? []) {
            if (fragment.id !== undefined) {
              expect(fragment.index).toBe(calls.length);
              calls.push({
                id: fragment.id,
                type: fragment.type!,
                function: { name: fragment.function!.name!, arguments: "" },
              });
            }
            calls[fragment.index]!.function.arguments += fragment.function?.arguments ?? "";
          }
          if (choice.finish_reason !== null) {
            finishReason = choice.finish_reason;
            finishChunks++;
          }
        }
        message.tool_calls = calls;
        if (scenario.cutToolCall) expectCutCall(message.tool_calls, finishReason);
        expect(received[0]!.choices[0]!.delta).toEqual({ role: "assistant", content: "" });
        expect(finishChunks).toBe(1);
        expect(outcomeOf(message, finishReason)).toEqual(expectedOutcome(result.message!));
        // include_usage: the last chunk has no choices and the counts; all others say `usage: null`.
        const last = received.at(-1)!;
        const usage = result.message!.usage;
        expect(last.choices).toEqual([]);
        expect(last.usage).toEqual({
          prompt_tokens:
            usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens,
          completion_tokens: usage.output_tokens,
          total_tokens:
            usage.input_tokens +
            usage.cache_read_input_tokens +
            usage.cache_creation_input_tokens +
            usage.output_tokens,
          prompt_tokens_details: { cached_tokens: usage.cache_read_input_tokens },
        });
        if (scenario.outputTokens !== undefined)
          expect(last.usage?.completion_tokens).toBe(scenario.outputTokens);
        expect(received.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
      });

      it("(c) a non-streaming create() served the aggregator's completion", async () => {
        const aggregator = createChatCompletionAggregator(identity);
        for (const event of result.events) aggregator.push(event);
        if (errorEvent !== undefined) {
          expect(aggregator.error).toEqual(errorEvent.error);
          expect(() => aggregator.completion()).toThrow();
          const client = clientServing(JSON.stringify(openAIErrorBody(aggregator.error!)), position + 201, {
            status: 502,
            contentType: "application/json",
          });
          await expect(client.chat.completions.create(request)).rejects.toMatchObject({
            status: 502,
            message: `502 ${errorEvent.error.message}`,
          });
          return;
        }
        expect(aggregator.error).toBeUndefined();
        const completion = aggregator.completion();
        const client = clientServing(JSON.stringify(completion), position + 201, {
          contentType: "application/json",
        });
        const answer = await client.chat.completions.create(request);
        expect(answer).toEqual(completion);
        const choice = answer.choices[0]!;
        expect(outcomeOf(choice.message as OpenAIMessageLike, choice.finish_reason)).toEqual(
          expectedOutcome(result.message!),
        );
        const expected = expectedOutcome(result.message!);
        // OpenAI's shape: content null only for a turn of calls alone; reasoning_content only with reasoning.
        expect(choice.message.content).toBe(
          expected.text === "" && expected.toolCalls.length > 0 ? null : expected.text,
        );
        expect("reasoning_content" in choice.message).toBe(expected.reasoning !== "");
        expect("tool_calls" in choice.message).toBe(expected.toolCalls.length > 0);
      });
    });
  });
});
