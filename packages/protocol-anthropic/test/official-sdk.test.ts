import Anthropic from "@anthropic-ai/sdk";
import { createRandom } from "@sluice/core/testkit";
import { gatewayError, type StreamEvent } from "@sluice/events";
import { buildStreamEvents, type StreamSpec } from "@sluice/events/testkit";
import { describe, expect, it } from "vitest";
import { createMessageAggregator, encodeAnthropicSse, errorBody, toAnthropicEvents } from "../src";
import { THINKING_TEXT_TOOLS } from "./event-sequences";

/** The encoder's bytes cut at random byte positions, inside multi-byte characters too. */
function randomPieces(bytes: Uint8Array, seed: number, maxPiece: number): Uint8Array[] {
  const random = createRandom(seed);
  const pieces: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const size = 1 + Math.floor(random() * maxPiece);
    pieces.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return pieces;
}

/** The official client with its HTTP replaced by one canned response. */
function clientAnswering(response: () => Response): Anthropic {
  return new Anthropic({
    apiKey: "x",
    baseURL: "http://sdk.test",
    maxRetries: 0,
    fetch: async () => response(),
  });
}

function sseResponse(events: readonly StreamEvent[], seed: number, maxPiece = 7): Response {
  const pieces = randomPieces(new TextEncoder().encode(encodeAnthropicSse(events)), seed, maxPiece);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

const request = { model: "qwen3.5", max_tokens: 1024, messages: [{ role: "user" as const, content: "Hi" }] };

async function sdkFinalMessage(events: readonly StreamEvent[], seed: number, maxPiece?: number) {
  const message = await clientAnswering(() => sseResponse(events, seed, maxPiece))
    .messages.stream(request)
    .finalMessage();
  // The SDK's structured-output helper adds `parsed_output: null` on its side; it never comes from the wire.
  const { parsed_output: _parsedOutput, ...wireMessage } = message;
  return wireMessage;
}

function aggregatedMessage(events: readonly StreamEvent[]) {
  const aggregator = createMessageAggregator();
  for (const event of events) aggregator.push(event);
  return aggregator.message();
}

const sequences: Record<string, StreamSpec> = {
  "text only": { blocks: [{ type: "text", chunks: ["Hello", ", ", "world", "!"] }], stopReason: "end_turn" },
  "thinking + text + tool_use": THINKING_TEXT_TOOLS,
  "stop_sequence with its string": {
    blocks: [{ type: "text", chunks: ["one, two, ", "three"] }],
    stopReason: "stop_sequence",
    stopSequence: "four",
  },
  max_tokens: {
    blocks: [
      { type: "thinking", chunks: ["long ", "thought"], signature: "sig" },
      { type: "text", chunks: ["cut o"] },
    ],
    stopReason: "max_tokens",
    finalUsage: { inputTokens: 900, cachedInputTokens: 100 },
  },
  "hostile text: quotes, newlines, U+2028, lone surrogates, emoji, markup": {
    blocks: [
      {
        type: "text",
        chunks: ['say "hi"\n', "line\u2028sep\u2029", "\ud800 lone \udfff", "😀 split", "\r\n</think>"],
      },
      { type: "tool-call", id: "toolu_q", name: "write", jsonChunks: ['{"text": "a\\"b\\n', '\\u2028 😀"}'] },
    ],
    stopReason: "tool_use",
  },
  "empty message": { blocks: [], stopReason: "end_turn" },
};

describe("the official @anthropic-ai/sdk consuming encodeAnthropicSse bytes", () => {
  for (const [name, spec] of Object.entries(sequences)) {
    it(`builds the same final message as the aggregator: ${name}`, async () => {
      const events = buildStreamEvents(spec);
      const expected = aggregatedMessage(events);
      for (const [seed, maxPiece] of [
        [1, 1],
        [2, 5],
        [3, 64],
        [4, 100_000],
      ] as const) {
        expect(await sdkFinalMessage(events, seed, maxPiece)).toEqual(expected);
      }
    });
  }

  it("emits the Anthropic events of the Sluice events it was given", async () => {
    const events = buildStreamEvents(THINKING_TEXT_TOOLS);
    const received: unknown[] = [];
    const stream = clientAnswering(() => sseResponse(events, 7)).messages.stream(request);
    // Cloned on arrival: the SDK reuses message_start's message as its snapshot and mutates it.
    stream.on("streamEvent", (event) => received.push(structuredClone(event)));
    await stream.finalMessage();
    expect(received).toEqual(toAnthropicEvents(events));
  });

  it("rejects on an in-stream error event with the error's type", async () => {
    const [messageStart, textStart, textDelta] = buildStreamEvents({
      blocks: [{ type: "text", chunks: ["partial"] }],
      stopReason: "end_turn",
    }) as StreamEvent[];
    const events = [
      messageStart,
      textStart,
      textDelta,
      { type: "error", error: gatewayError("upstream_overloaded", "Overloaded").object },
    ] as StreamEvent[];
    const failure = await sdkFinalMessage(events, 11).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Anthropic.APIError);
    expect(failure).toMatchObject({ type: "overloaded_error", apiMessage: "Overloaded" });
  });

  it("reads an HTTP error body: status, type, message and request id", async () => {
    const error = gatewayError("invalid_request", 'max_tokens: Expected a positive integer, received "10"');
    const client = clientAnswering(
      () =>
        new Response(JSON.stringify(errorBody(error.object, "req_123")), {
          status: error.status,
          headers: { "content-type": "application/json", "request-id": "req_123" },
        }),
    );
    const failure = await client.messages.create(request).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(Anthropic.BadRequestError);
    expect(failure).toMatchObject({
      status: 400,
      type: "invalid_request_error",
      apiMessage: error.message,
      requestID: "req_123",
    });
  });
});
