import { scrubbedUpstreamMessage } from "./scrubbed-upstream-message";

/**
 * The human part of an upstream error body: OpenAI/vLLM `{"error": {"message"}}`, older vLLM's flat
 * `{"object": "error", "message"}`, `{"error": "text"}`, `{"detail": "text"}` (FastAPI), else the text;
 * `secrets` scrubbed from it before it is cut to length, so a key the cut falls inside leaves no half.
 */
export function upstreamErrorText(bodyText: string, secrets: readonly string[] = []): string {
  const json = parseJson(bodyText);
  return scrubbedUpstreamMessage(messageOf(json) ?? bodyText.trim(), secrets);
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
