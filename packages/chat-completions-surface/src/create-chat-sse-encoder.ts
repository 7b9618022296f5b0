import type { StreamEvent } from "@sluice/events";
import { type ChatChunkEncoderOptions, createChatChunkEncoder } from "./create-chat-chunk-encoder";
import { formatChatSse } from "./format-chat-sse";

export interface ChatSseEncoder {
  /** The SSE text the events become (`data: {…}\n\n` per chunk), ready for one socket write. */
  encode(events: readonly StreamEvent[]): string;
}

/**
 * The chunk encoder's output as SSE text, with a fast path for the events that make up almost all of a
 * stream: text, thinking and argument deltas. Those chunks differ only in one string, so the fixed part
 * is serialised once per stream and only the string is escaped per delta (JSON.stringify of a whole
 * chunk object per token was most of the surface's cost). The bytes are exactly those `formatChatSse`
 * writes for the same chunk (the test compares both over every recorded scenario).
 */
export function createChatSseEncoder(options: ChatChunkEncoderOptions): ChatSseEncoder {
  const chunks = createChatChunkEncoder(options);
  const head = `data: {"id":${JSON.stringify(options.id)},"object":"chat.completion.chunk","created":${JSON.stringify(options.created)},"model":${JSON.stringify(options.model)},"choices":[{"index":0,"delta":`;
  const tail = `,"logprobs":null,"finish_reason":null}]${options.includeUsage ? ',"usage":null' : ""}}\n\n`;
  // The ordinal of the open tool call, kept in step with the chunk encoder's own count.
  let calls = 0;
  let openCall = "";

  const slow = (event: StreamEvent): string => {
    let text = "";
    for (const chunk of chunks.encode(event)) text += formatChatSse(chunk);
    return text;
  };

  const encodeOne = (event: StreamEvent): string => {
    if (event.type === "block-delta") {
      if (event.text === "") return "";
      switch (event.kind) {
        case "text":
          return `${head}{"content":${JSON.stringify(event.text)}}${tail}`;
        case "thinking":
          return `${head}{"reasoning_content":${JSON.stringify(event.text)}}${tail}`;
        case "arguments":
          if (openCall === "") break;
          return `${head}{"tool_calls":[{"index":${openCall},"function":{"arguments":${JSON.stringify(event.text)}}}]}${tail}`;
        default:
          break;
      }
    } else if (event.type === "block-start" && event.kind === "tool-call") {
      openCall = String(calls++);
    } else if (event.type === "block-stop") {
      openCall = "";
    }
    return slow(event);
  };

  return {
    encode(events) {
      let text = "";
      for (const event of events) text += encodeOne(event);
      return text;
    },
  };
}
