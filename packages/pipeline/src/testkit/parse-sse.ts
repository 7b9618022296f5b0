import { createParser } from "eventsource-parser";

export interface SseMessage {
  /** The `event:` line, or undefined when the message had none. */
  readonly event: string | undefined;
  readonly data: unknown;
}

/** Parses SSE text (as a client would, with eventsource-parser) into messages with JSON data. */
export function parseSse(text: string): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createParser({
    onEvent: (message) => messages.push({ event: message.event, data: JSON.parse(message.data) }),
  });
  parser.feed(text);
  return messages;
}
