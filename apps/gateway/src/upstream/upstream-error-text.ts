import { MAX_UPSTREAM_MESSAGE_LENGTH as MAX_MESSAGE_LENGTH } from "./scrubbed-upstream-message";

/**
 * The human part of an upstream error body: OpenAI/vLLM `{"error": {"message"}}`, older vLLM's flat
 * `{"object": "error", "message"}`, `{"error": "text"}`, `{"detail": "text"}` (FastAPI), else the text.
 */
export function upstreamErrorText(bodyText: string): string {
  const json = parseJson(bodyText);
  const message = messageOf(json) ?? bodyText.trim();
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}

function messageOf(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const { error, message, detail } = json as { error?: unknown; message?: unknown; detail?: unknown };
  if (typeof error === "object" && error !== null) {
    const nested = (error as { message?: unknown }).message;
    if (typeof nested === "string" && nested !== "") return nested;
  }
  if (typeof error === "string" && error !== "") return error;
  if (typeof message === "string" && message !== "") return message;
  if (typeof detail === "string" && detail !== "") return detail;
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
