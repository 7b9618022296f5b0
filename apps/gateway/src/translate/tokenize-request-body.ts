import type { ChatCompletionRequest } from "@sluice/upstream-chat";

/** The body of vLLM's `POST /tokenize` (chat form): it renders the template, so the count is exact. */
export interface TokenizeRequestBody {
  readonly model: string;
  readonly messages: ChatCompletionRequest["messages"];
  readonly tools?: NonNullable<ChatCompletionRequest["tools"]>;
  /** The template switches: thinking off pre-fills an empty think block, Qwen3.6 keeps past reasoning. */
  readonly chat_template_kwargs?: Readonly<Record<string, unknown>>;
}

/**
 * The `/tokenize` body for a translated request: model, messages, tools (when there are any) and the template
 * switches, so the count is of the prompt the chat request will render.
 */
export function tokenizeRequestBody(
  body: Pick<ChatCompletionRequest, "model" | "messages" | "tools"> & {
    readonly chat_template_kwargs?: unknown;
  },
): TokenizeRequestBody {
  const kwargs = body.chat_template_kwargs;
  return {
    model: body.model,
    messages: body.messages,
    ...(body.tools === undefined || body.tools.length === 0 ? {} : { tools: body.tools }),
    ...(typeof kwargs === "object" && kwargs !== null
      ? { chat_template_kwargs: kwargs as Readonly<Record<string, unknown>> }
      : {}),
  };
}
