import type { ChatCompletionRequest } from "@sluice/protocol-openai";

/** The body of vLLM's `POST /tokenize` (chat form): it renders the template, so the count is exact. */
export interface TokenizeRequestBody {
  readonly model: string;
  readonly messages: ChatCompletionRequest["messages"];
  readonly tools?: NonNullable<ChatCompletionRequest["tools"]>;
}

/** The `/tokenize` body for a translated request: model, messages and tools (when there are any). */
export function tokenizeRequestBody(body: ChatCompletionRequest): TokenizeRequestBody {
  return {
    model: body.model,
    messages: body.messages,
    ...(body.tools === undefined || body.tools.length === 0 ? {} : { tools: body.tools }),
  };
}
