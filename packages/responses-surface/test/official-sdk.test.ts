import { eventsOf, fetchCutRandomly, optionsFor, parseSse, replayUpstream } from "@sluice/pipeline/testkit";
import type { Message } from "@sluice/protocol-anthropic";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import {
  createResponseAggregator,
  createResponsesEncoder,
  decodeReasoningEnvelope,
  decodeResponsesRequest,
  formatResponsesSse,
  type ResponseStreamEvent,
  type ResponsesRequest,
  responsesToChat,
} from "../src";
import { scenarios } from "./recorded-scenarios";

/**
 * What Codex CLI 0.169 sends (docs/protocol.md D2), trimmed to what the encoder echoes or reads; `summary` false
 * leaves `reasoning` out, as a client that reads no summaries does.
 */
function codexRequest(summary: boolean): ResponsesRequest {
  const decoded = decodeResponsesRequest({
    model: "qwen3-coder",
    instructions: "",
    input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "list the files" }] }],
    tools: [
      {
        type: "function",
        name: "exec_command",
        description: "Runs a command",
        strict: false,
        parameters: { type: "object", properties: { cmd: { type: "string" } }, required: ["cmd"] },
      },
    ],
    tool_choice: "auto",
    parallel_tool_calls: true,
    ...(summary ? { reasoning: { summary: "auto" } } : {}),
    store: false,
    stream: true,
    include: ["reasoning.encrypted_content"],
    prompt_cache_key: "session-1",
  });
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.request;
}

/** An SDK client whose HTTP layer answers with `body`, cut into small random pieces. */
function clientServing(body: string, contentType: string, seed: number): OpenAI {
  return new OpenAI({
    apiKey: "test",
    baseURL: "http://sluice.test/v1",
    maxRetries: 0,
    fetch: fetchCutRandomly(body, seed, { contentType }),
  });
}

type Item =
  | { type: "reasoning"; text: string; summary: string[] }
  | { type: "message"; text: string }
  | { type: "function_call"; name: string; call_id: string; input: unknown }
  /** A call the token limit cut (docs/dialects.md §2): its arguments as far as they came, not one JSON value. */
  | { type: "incomplete function_call"; name: string };

/** The Anthropic message as the items it must become: the thinking as the summary too when one was asked for. */
function itemsOfMessage(message: Message, summary: boolean): Item[] {
  return message.content.map((block): Item => {
    if (block.type === "thinking")
      return {
        type: "reasoning",
        text: block.thinking,
        summary: summary && block.thinking !== "" ? [block.thinking] : [],
      };
    if (block.type === "text") return { type: "message", text: block.text };
    return { type: "function_call", name: block.name, call_id: block.id, input: block.input };
  });
}

/** What the SDK's response holds, read the way a client reads it. */
function itemsOfResponse(response: OpenAI.Responses.Response): Item[] {
  return response.output.map((item): Item => {
    switch (item.type) {
      case "reasoning":
        return {
          type: "reasoning",
          text: (item.content ?? []).map((part) => part.text).join(""),
          summary: item.summary.map((part) => part.text),
        };
      case "message":
        return {
          type: "message",
          text: item.content.map((part) => (part.type === "output_text" ? part.text : "")).join(""),
        };
      case "function_call":
        if (item.status === "incomplete") {
          expect(() => JSON.parse(item.arguments)).toThrow();
          return { type: "incomplete function_call", name: item.name };
        }
        return {
          type: "function_call",
          name: item.name,
          call_id: item.call_id,
          input: JSON.parse(item.arguments),
        };
      default:
        throw new Error(`unexpected ${item.type} item`);
    }
  });
}

/** The SDK's own additions for structured outputs (`parsed`, `parsed_arguments`, `output_parsed`), removed. */
function withoutParsed(response: OpenAI.Responses.Response): unknown {
  return JSON.parse(
    JSON.stringify(response, (key, value) =>
      key === "parsed" || key === "parsed_arguments" || key === "output_parsed" ? undefined : value,
    ),
  );
}

describe.each([
  { summary: true, asked: 'with reasoning: {summary: "auto"}' },
  { summary: false, asked: "without a summary request" },
])(
  "the official openai SDK reads the Responses stream and the aggregated response (docs/architecture.md I6), $asked",
  ({ summary }) => {
    scenarios.forEach((scenario, position) => {
      it(scenario.title, async () => {
        const replay = replayUpstream(optionsFor(scenario), eventsOf(scenario));
        expect(replay.problems).toEqual([]);
        const request = codexRequest(summary);
        const options = { id: "resp_test", model: "qwen3-coder", createdAt: 1_700_000_000, request };
        const encoder = createResponsesEncoder(options);
        const aggregator = createResponseAggregator(options);
        const events: ResponseStreamEvent[] = [];
        for (const event of replay.events) {
          events.push(...encoder.encode(event));
          aggregator.push(event);
        }
        const sse = events.map(formatResponsesSse).join("");

        // Every event numbered 0, 1, 2…, and its `event:` line equal to its type (Codex dispatches on it).
        expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
        for (const message of parseSse(sse))
          expect(message.event).toBe((message.data as { type: string }).type);

        const params = { model: "qwen3-coder", input: "list the files" };
        const stream = clientServing(sse, "text/event-stream", position + 1).responses.stream(params);
        if (scenario.error) {
          const error = replay.events.find((event) => event.type === "error");
          const upstreamMessage = error?.type === "error" ? error.error.message : "";
          // An APIError with the upstream's words, from the helper and from the plain event iterator alike.
          await expect(stream.finalResponse()).rejects.toBeInstanceOf(OpenAI.APIError);
          await expect(
            clientServing(sse, "text/event-stream", position + 1)
              .responses.stream(params)
              .finalResponse(),
          ).rejects.toThrow(upstreamMessage);
          const iterate = async () => {
            const plain = await clientServing(sse, "text/event-stream", position + 201).responses.create({
              ...params,
              stream: true,
            });
            for await (const _event of plain);
          };
          await expect(iterate()).rejects.toBeInstanceOf(OpenAI.APIError);
          expect(aggregator.error).toEqual(error?.type === "error" ? error.error : undefined);
          expect(aggregator.response().status).toBe("failed");
          expect(events.slice(-2).map((event) => event.type)).toEqual(["error", "response.failed"]);
          return;
        }
        const message = replay.message as Message;
        const streamed = await stream.finalResponse();
        const created = await clientServing(
          JSON.stringify(aggregator.response()),
          "application/json",
          position + 101,
        ).responses.create(params);

        const expected = itemsOfMessage(message, summary);
        // The call the limit cut is in the output, marked incomplete; the folded Anthropic message leaves it out.
        const cut = replay.events.flatMap((event) =>
          scenario.cutToolCall && event.type === "block-start" && event.kind === "tool-call"
            ? [{ type: "incomplete function_call" as const, name: event.name }]
            : [],
        );
        expected.push(...cut.slice(-1));
        expect(itemsOfResponse(streamed)).toEqual(expected);
        expect(itemsOfResponse(created)).toEqual(expected);
        const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
        expect(streamed.output_text).toBe(text);
        expect(created.output_text).toBe(text);
        expect(withoutParsed(streamed)).toEqual(withoutParsed(created));
        expect(created).toEqual({ ...aggregator.response(), output_text: text });

        const incomplete = message.stop_reason === "max_tokens" || message.stop_reason === "refusal";
        expect(created.status).toBe(incomplete ? "incomplete" : "completed");
        expect(created.incomplete_details).toEqual(
          message.stop_reason === "max_tokens"
            ? { reason: "max_output_tokens" }
            : message.stop_reason === "refusal"
              ? { reason: "content_filter" }
              : null,
        );
        expect(created.usage?.output_tokens).toBe(message.usage.output_tokens);
        // The reasoning comes back on the next turn through encrypted_content (the request's `include`).
        for (const item of created.output) {
          if (item.type === "reasoning") {
            expect(decodeReasoningEnvelope(item.encrypted_content ?? "")).toBe(item.content?.[0]?.text);
          }
        }
        // Sent back as Codex 0.171 does (content, envelope and summary all kept), the reasoning is ONE copy.
        const next = decodeResponsesRequest({
          model: "qwen3-coder",
          input: [{ role: "user", content: "list the files" }, ...created.output],
        });
        if (!next.ok) throw new Error(next.message);
        const thinking = message.content.flatMap((block) =>
          block.type === "thinking" && block.thinking !== "" ? [block.thinking] : [],
        );
        const reasoning = responsesToChat(next.request).messages.flatMap((chat) =>
          chat.role === "assistant" && chat.reasoning !== undefined ? [chat.reasoning] : [],
        );
        expect(reasoning).toEqual(thinking.length === 0 ? [] : [thinking.join("\n\n")]);
      });
    });
  },
);
