import type { ImageBlockParam } from "@sluice/protocol-anthropic";
import type { ChatContentPart } from "@sluice/upstream-chat";

/** An Anthropic image block → an `image_url` part; a base64 source becomes a data URL. */
export function imagePart({ source }: ImageBlockParam): ChatContentPart {
  const url = source.type === "base64" ? `data:${source.media_type};base64,${source.data}` : source.url;
  return { type: "image_url", image_url: { url } };
}
