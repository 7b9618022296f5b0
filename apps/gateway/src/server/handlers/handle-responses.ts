import type { ChatCompletionsRequest } from "@sluice/chat-completions-surface";
import {
  type ChatTranslation,
  createResponseAggregator,
  createResponsesEncoder,
  decodeResponsesRequest,
  type ResponsesRequest,
  responsesToChat,
} from "@sluice/responses-surface";
import type { Exchange, GatewayContext } from "../exchange";
import { serveGeneration } from "../generation/serve-generation";
import { readDecodedBody } from "../http/read-decoded-body";
import { createResponseId } from "./create-response-id";
import { planChatRequest } from "./plan-chat-request";

// An SSE comment: the openai SDK and Codex skip it; it keeps proxies from closing a quiet stream.
const RESPONSES_PING = ": ping\n\n";

/**
 * `POST /v1/responses` (docs/http-api.md §6), what Codex CLI speaks. Stateless: the whole conversation
 * comes in `input` (`store: false`), turned into a chat request for the upstream; the answer comes
 * through the same pipeline as `/v1/messages`, encoded as Responses events or one response object.
 */
export async function handleResponses(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const request = await readDecodedBody(exchange, gateway, decodeResponsesRequest, "Responses");
  if (request === undefined) return;
  const chat = responsesToChat(request);
  const identity = {
    id: createResponseId("resp_"),
    model: request.model,
    createdAt: Math.floor(Date.now() / 1000),
    request,
  };
  await serveGeneration(exchange, gateway, {
    clientModel: request.model,
    stream: request.stream === true,
    plan: (model) =>
      planChatRequest(model, {
        chat: chatRequestOf(request, chat),
        thinking: { reasoning_effort: chat.reasoningEffort },
        warnings: chat.warnings,
      }),
    encoder: {
      streamHoldsAnswer: true,
      tooLargeAdvice:
        "ask for it with a lower max_output_tokens (a Responses stream repeats its output at its end, so it is held too)",
      createStream() {
        const encoder = createResponsesEncoder(identity);
        return {
          encode: (events) => encoder.encodeSse(events),
          end: () => "",
          ping: RESPONSES_PING,
        };
      },
      createAggregator() {
        const aggregator = createResponseAggregator(identity);
        return {
          push: (event) => aggregator.push(event),
          get error() {
            return aggregator.error;
          },
          result: () => aggregator.response(),
        };
      },
    },
  });
}

/** The Chat Completions request a Responses request stands for: its pieces under their chat names. */
function chatRequestOf(request: ResponsesRequest, chat: ChatTranslation): ChatCompletionsRequest {
  return {
    model: request.model,
    messages: chat.messages,
    ...(chat.tools === undefined ? {} : { tools: chat.tools }),
    ...(chat.toolChoice === undefined ? {} : { tool_choice: chat.toolChoice }),
    ...(chat.parallelToolCalls === undefined ? {} : { parallel_tool_calls: chat.parallelToolCalls }),
    ...(chat.maxTokens === undefined ? {} : { max_tokens: chat.maxTokens }),
    ...(chat.reasoningEffort === undefined ? {} : { reasoning_effort: chat.reasoningEffort }),
    ...chat.sampling,
  };
}
