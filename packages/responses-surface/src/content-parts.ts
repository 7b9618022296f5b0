import type { ChatContentPart } from "@sluice/upstream-chat";
import type { ContentPart, ImagePart, RefusalPart, TextPart } from "./input-item";

/**
 * One content part → a chat text or image part, or undefined (named in `warnings`) when chat has no place
 * for it. The casts are safe: the decoder's catch-all part never carries a known `type`.
 */
function chatPart(part: ContentPart, path: string, warnings: string[]): ChatContentPart | undefined {
  switch (part.type) {
    case "input_text":
    case "output_text":
      return { type: "text", text: (part as TextPart).text };
    case "refusal":
      return { type: "text", text: (part as RefusalPart).refusal };
    case "input_image": {
      const image = part as ImagePart;
      if (typeof image.image_url === "string") {
        const detail = typeof image.detail === "string" ? { detail: image.detail } : {};
        return { type: "image_url", image_url: { url: image.image_url, ...detail } };
      }
      break;
    }
  }
  // A `file_id` image or an `input_file` lives in OpenAI's file store, which an open-model server cannot read.
  warnings.push(`${path}: dropped ${part.type} part`);
  return undefined;
}

/** A user turn's content → text and image parts; empty text parts are left out. */
export function contentParts(
  content: string | readonly ContentPart[],
  path: string,
  warnings: string[],
): ChatContentPart[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  const parts: ChatContentPart[] = [];
  content.forEach((part, index) => {
    const chat = chatPart(part, `${path}.${index}`, warnings);
    if (chat !== undefined && !(chat.type === "text" && chat.text === "")) parts.push(chat);
  });
  return parts;
}

/** Text only (system, assistant and tool turns), parts joined by `separator`; images are named in `warnings`. */
export function contentText(
  content: string | readonly ContentPart[],
  path: string,
  warnings: string[],
  separator: string,
): string {
  if (typeof content === "string") return content;
  const texts: string[] = [];
  content.forEach((part, index) => {
    const chat = chatPart(part, `${path}.${index}`, warnings);
    if (chat?.type === "text") {
      if (chat.text !== "") texts.push(chat.text);
    } else if (chat !== undefined) {
      warnings.push(`${path}.${index}: dropped image (chat takes images in user turns only)`);
    }
  });
  return texts.join(separator);
}
