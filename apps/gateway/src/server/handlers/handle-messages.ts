import type { TranscoderOptions } from "@sluice/pipeline";
import {
  createMessageAggregator,
  decodeMessagesRequest,
  encodeAnthropicSse,
  encodeSseEvent,
  type MessagesRequest,
} from "@sluice/protocol-anthropic";
import type { ModelPlan } from "../../config/resolve-model-plan";
import { toolSchemas } from "../../translate/tool-schemas";
import { translateRequest } from "../../translate/translate-request";
import type { Exchange, GatewayContext } from "../exchange";
import { serveGeneration } from "../generation/serve-generation";
import type { SurfaceEncoder } from "../generation/surface-encoder";
import { readDecodedBody } from "../http/read-decoded-body";

const PING = encodeSseEvent({ type: "ping" });

/** The Anthropic surface: its events as SSE (`event: ping` during upstream silence), or one message. */
const MESSAGES_ENCODER: SurfaceEncoder = {
  streamHoldsAnswer: false,
  tooLargeAdvice: "ask for it with stream: true (a stream is passed on, not held) or with a lower max_tokens",
  createStream: () => ({
    encode: (events) => (events.length === 0 ? "" : encodeAnthropicSse(events)),
    end: () => "",
    ping: PING,
  }),
  createAggregator() {
    const aggregator = createMessageAggregator();
    return {
      push: (event) => aggregator.push(event),
      get error() {
        return aggregator.error;
      },
      result: () => aggregator.message(),
    };
  },
};

/**
 * `POST /v1/messages`: decode, route, translate, call the upstream (always streaming), then either
 * relay SSE (`stream: true`) or fold the same events into one message (`stream: false`).
 */
export async function handleMessages(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const request = await readDecodedBody(exchange, gateway, decodeMessagesRequest, "Messages");
  if (request === undefined) return;
  await serveGeneration(exchange, gateway, {
    clientModel: request.model,
    stream: request.stream === true,
    plan(model) {
      const thinking = model.thinking(request);
      const translated = translateRequest(request, model.plan, model.config, { thinking });
      return {
        body: translated.body,
        warnings: translated.warnings,
        transcoder: (inputTokens) =>
          transcoderOptions(request, model.plan, thinking, translated.startsInReasoning, inputTokens),
      };
    },
    encoder: MESSAGES_ENCODER,
  });
}

function transcoderOptions(
  request: MessagesRequest,
  plan: ModelPlan,
  thinking: boolean,
  startsInReasoning: boolean | undefined,
  inputTokens: number,
): TranscoderOptions {
  const choice = request.tool_choice;
  return {
    reasoning: plan.reasoning,
    tool: plan.tool,
    thinking,
    startsInReasoning,
    tools: toolSchemas(request),
    stopSequences: request.stop_sequences,
    disableParallelToolUse:
      choice !== undefined &&
      "disable_parallel_tool_use" in choice &&
      choice.disable_parallel_tool_use === true,
    // Echo the name the client asked for (an alias such as claude-sonnet-4-5), not the configured one.
    model: request.model,
    inputTokens,
  };
}
