import type { Answer } from "./ask-gateway";

/** The text of a stream's text deltas, joined. */
export function streamedText(answer: Answer): string {
  if (answer.kind !== "stream") return "";
  return answer.events
    .map((event) =>
      event.type === "content_block_delta" && event.delta.type === "text_delta" ? event.delta.text : "",
    )
    .join("");
}
