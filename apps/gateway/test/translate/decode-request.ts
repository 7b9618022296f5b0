import {
  decodeCountTokensRequest,
  decodeMessagesRequest,
  type MessagesRequest,
} from "@sluice/protocol-anthropic";

/** A request body as the server decodes it (unknown block types kept by their `type`); throws on a 400. */
export function decodeRequest(body: Record<string, unknown>): MessagesRequest {
  const result = decodeMessagesRequest({ model: "qwen3.5", max_tokens: 1024, messages: [], ...body });
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

/** A count_tokens body as the server decodes it; throws on a 400. */
export function decodeCountTokens(body: Record<string, unknown>) {
  const result = decodeCountTokensRequest({ model: "qwen3.5", ...body });
  if (!result.ok) throw new Error(result.message);
  return result.request;
}
