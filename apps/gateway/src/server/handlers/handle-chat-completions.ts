import {
  CHAT_SSE_DONE,
  createChatCompletionAggregator,
  createChatSseEncoder,
  decodeChatCompletionsRequest,
} from "@sluice/chat-completions-surface";
import type { Exchange, GatewayContext } from "../exchange";
import { serveGeneration } from "../generation/serve-generation";
import { readDecodedBody } from "../http/read-decoded-body";
import { createResponseId } from "./create-response-id";
import { planChatRequest } from "./plan-chat-request";

// An SSE comment: OpenAI clients skip it, and it keeps proxies from closing a stream while a model thinks.
const CHAT_PING = ": ping\n\n";

/**
 * `POST /v1/chat/completions` (docs/http-api.md §6): the client's request is already in the upstream's
 * format, so it is routed and passed on; the answer comes through the same pipeline as `/v1/messages`,
 * encoded as `chat.completion.chunk`s (reasoning_content, content, tool_calls) or one `chat.completion`.
 */
export async function handleChatCompletions(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const request = await readDecodedBody(exchange, gateway, decodeChatCompletionsRequest, "Chat Completions");
  if (request === undefined) return;
  const identity = {
    id: createResponseId("chatcmpl-"),
    model: request.model,
    created: Math.floor(Date.now() / 1000),
  };
  await serveGeneration(exchange, gateway, {
    clientModel: request.model,
    stream: request.stream === true,
    plan: (model) => planChatRequest(model, { chat: request, thinking: request, warnings: [] }),
    encoder: {
      streamHoldsAnswer: false,
      tooLargeAdvice:
        "ask for it with stream: true (a stream is passed on, not held) or with a lower max_completion_tokens",
      createStream() {
        const encoder = createChatSseEncoder({
          ...identity,
          includeUsage: request.stream_options?.include_usage === true,
          requestId: exchange.requestId,
        });
        return {
          encode: (events) => encoder.encode(events),
          end: () => CHAT_SSE_DONE,
          ping: CHAT_PING,
        };
      },
      createAggregator() {
        const aggregator = createChatCompletionAggregator(identity);
        return {
          push: (event) => aggregator.push(event),
          get error() {
            return aggregator.error;
          },
          result: () => aggregator.completion(),
        };
      },
    },
  });
}
