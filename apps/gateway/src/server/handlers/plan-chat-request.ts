import type { ChatCompletionsRequest } from "@sluice/chat-completions-surface";
import type { ChatThinkingRequest } from "../../config/chat-thinking-enabled";
import { chatTranscoderOptions } from "../../translate/chat-transcoder-options";
import { translateChatRequest } from "../../translate/translate-chat-request";
import type { GenerationPlan } from "../generation/serve-generation";
import type { ServedModel } from "../served/compile-served-config";

export interface ChatRequestPlan {
  /** The request in Chat Completions form: the client's own, or a Responses request turned into one. */
  readonly chat: ChatCompletionsRequest;
  /** What decides thinking: `reasoning_effort` and the client's own template switch. */
  readonly thinking: ChatThinkingRequest;
  /** Lines for the request log: what the surface could not pass on, before the translation's own. */
  readonly warnings: readonly string[];
}

/** The plan of both OpenAI surfaces (docs/http-api.md §6): decide thinking, translate the chat request. */
export function planChatRequest(model: ServedModel, request: ChatRequestPlan): GenerationPlan {
  const thinking = model.chatThinking(request.thinking);
  const translated = translateChatRequest(request.chat, model.plan, model.config, { thinking });
  return {
    body: translated.body,
    warnings: [...request.warnings, ...translated.warnings],
    transcoder: (inputTokens) =>
      chatTranscoderOptions(request.chat, translated.body, model.plan, {
        thinking,
        startsInReasoning: translated.startsInReasoning,
        clientModel: request.chat.model,
        inputTokens,
      }),
  };
}
