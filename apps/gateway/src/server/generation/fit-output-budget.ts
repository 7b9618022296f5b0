import { estimatePromptTokens, promptSize, promptTokenBound } from "./prompt-size";

/** On an estimate, a budget is not shrunk below this: the server, which counts exactly, decides instead. */
export const MIN_OUTPUT_TOKENS = 1024;

/** Left free beyond the counted prompt, for what a count may not see (the server's own accounting). */
export const PROMPT_MARGIN_TOKENS = 64;

/** What the request log says of a budget the gateway changed (docs/config.md, "Logs"). */
export interface OutputBudgetNote {
  /** `max_tokens` before: the client's, under `max_output_tokens`. */
  readonly asked: number;
  readonly sent: number;
  readonly window: number;
  readonly promptTokens: number;
  /**
   * Who counted the prompt: `tokenize`, the server's /tokenize (exact); `estimate`, the gateway;
   * `refusal`, the server itself when it refused the first budget (exact).
   */
  readonly measuredBy: "tokenize" | "estimate" | "refusal";
  /** The server refused the first budget and the request was sent again with the one it stated. */
  readonly retried?: true;
}

export interface FittedBody {
  readonly body: Record<string, unknown>;
  /** Present when `max_tokens` was changed. */
  readonly note?: OutputBudgetNote;
}

export type CountPrompt = (body: Record<string, unknown>, signal: AbortSignal) => Promise<number | undefined>;

/**
 * `body` with `max_tokens` lowered so that the prompt and the output fit `window` (docs/http-api.md §4,
 * "The output budget"). No window known, or no `max_tokens` (the server then uses what is left): as it
 * is. A prompt whose byte bound already leaves room for the budget is not counted; otherwise the server's
 * /tokenize counts it (`count`), or the gateway estimates. A prompt that leaves too little room (nothing
 * on a count, less than `MIN_OUTPUT_TOKENS` on an estimate) keeps the budget: the server then answers
 * what is wrong, a long prompt or a budget it states.
 */
export async function fitOutputBudget(
  body: Record<string, unknown>,
  window: number | undefined,
  count: CountPrompt | undefined,
  signal: AbortSignal,
): Promise<FittedBody> {
  const asked = body.max_tokens;
  if (window === undefined || typeof asked !== "number") return { body };
  const size = promptSize(body);
  if (promptTokenBound(size) + asked <= window) return { body };
  const counted = await count?.(body, signal);
  const promptTokens = counted ?? estimatePromptTokens(size);
  const room = window - promptTokens - PROMPT_MARGIN_TOKENS;
  if (asked <= room || room < (counted === undefined ? MIN_OUTPUT_TOKENS : 1)) return { body };
  const measuredBy = counted === undefined ? "estimate" : "tokenize";
  return {
    body: { ...body, max_tokens: room },
    note: { asked, sent: room, window, promptTokens, measuredBy },
  };
}
