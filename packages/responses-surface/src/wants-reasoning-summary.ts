import type { ResponsesRequest } from "./responses-request";

/**
 * Whether the request asks for reasoning summaries (`reasoning.summary`: "auto", "concise", "detailed", …).
 * Codex CLI sends `{summary: "auto"}` and displays only summaries, so this is what makes a model's thinking
 * visible there. "none" is Codex's own config value for no summary, so it counts as not asking.
 */
export function wantsReasoningSummary(request: ResponsesRequest | undefined): boolean {
  const summary = request?.reasoning?.summary;
  return typeof summary === "string" && summary.toLowerCase() !== "none";
}
