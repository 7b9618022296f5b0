import type { MessagesRequest } from "@sluice/protocol-anthropic";
import type { ModelConfig } from "../config/config";

export interface TranslatedSampling {
  readonly max_tokens: number;
  readonly temperature?: number;
  readonly top_p?: number;
  readonly top_k?: number;
  readonly stop?: readonly string[];
  readonly user?: string;
}

export type SamplingRequest = Pick<MessagesRequest, "max_tokens"> &
  Partial<Pick<MessagesRequest, "temperature" | "top_p" | "top_k" | "stop_sequences" | "metadata">>;

/**
 * `max_tokens` (clamped to `max_output_tokens`: Claude Code asks for 32000+, small-context servers
 * answer 400), `temperature` / `top_p` / `top_k` as sent, `stop_sequences` → `stop`, `metadata.user_id` → `user`.
 */
export function translateSampling(
  request: SamplingRequest,
  model: Pick<ModelConfig, "maxOutputTokens">,
): TranslatedSampling {
  const { maxOutputTokens } = model;
  const userId = request.metadata?.user_id;
  return {
    max_tokens:
      maxOutputTokens === undefined ? request.max_tokens : Math.min(request.max_tokens, maxOutputTokens),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.top_p === undefined ? {} : { top_p: request.top_p }),
    ...(request.top_k === undefined ? {} : { top_k: request.top_k }),
    ...(request.stop_sequences === undefined || request.stop_sequences.length === 0
      ? {}
      : { stop: request.stop_sequences }),
    ...(userId === undefined || userId === "" ? {} : { user: userId }),
  };
}
