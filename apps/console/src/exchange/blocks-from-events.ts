import type { AnthropicEventView } from "../api-types";

/** One content block as the client received it, and the upstream reads whose bytes it came from. */
export interface ReceivedBlock {
  readonly index: number;
  readonly type: string;
  readonly id?: string;
  readonly name?: string;
  /** The text of a thinking or text block; a tool_use block's `input_json_delta`s, joined. */
  text: string;
  /** The reads its events came of: each event, of the reads since the one before it (any block's). */
  readonly reads: Set<number>;
  /** The event positions (in `record.events`) that built it. */
  readonly events: number[];
}

export interface ReceivedMessage {
  readonly blocks: ReceivedBlock[];
  stopReason?: string | null;
  usage?: Record<string, unknown>;
  readonly errors: { readonly type: string; readonly message: string; readonly read: number }[];
}

/** The blocks a /v1/messages client was sent, rebuilt from the recorded events with the read after which each arrived. */
export function blocksFromEvents(
  events: readonly AnthropicEventView[],
  eventReads: readonly number[],
): ReceivedMessage {
  const message: ReceivedMessage = { blocks: [], errors: [] };
  const open = new Map<number, ReceivedBlock>();
  // An event came of every read since the previous event: a parser holds markup (`<tool_call>`, a parameter's
  // value) until it knows what it is, so the reads that made a block are not only those its events followed.
  let consumed = -1;
  const sources = (read: number): number[] => {
    if (read < 0) return [];
    const from = Math.min(consumed + 1, read);
    consumed = Math.max(consumed, read);
    return Array.from({ length: read - from + 1 }, (_, i) => from + i);
  };
  events.forEach((event, position) => {
    const read = eventReads[position] ?? -1;
    const reads = event.type === "content_block_stop" ? [] : sources(read);
    if (
      event.type === "content_block_start" &&
      event.index !== undefined &&
      event.content_block !== undefined
    ) {
      const start = event.content_block as {
        type: string;
        id?: string;
        name?: string;
        text?: string;
        thinking?: string;
      };
      const block: ReceivedBlock = {
        index: event.index,
        type: start.type,
        ...(start.id === undefined ? {} : { id: start.id }),
        ...(start.name === undefined ? {} : { name: start.name }),
        text: start.text ?? start.thinking ?? "",
        reads: new Set(reads),
        events: [position],
      };
      open.set(event.index, block);
      message.blocks.push(block);
    } else if (event.type === "content_block_delta" && event.index !== undefined) {
      const block = open.get(event.index);
      if (block === undefined) return;
      const delta = event.delta;
      block.text += delta?.thinking ?? delta?.text ?? delta?.partial_json ?? "";
      for (const source of reads) block.reads.add(source);
      block.events.push(position);
    } else if (event.type === "content_block_stop" && event.index !== undefined) {
      // A stop takes no reads: it comes when the next block's markup begins (`<tool_call>`), and that
      // markup belongs to the block it opens.
      open.get(event.index)?.events.push(position);
    } else if (event.type === "message_delta") {
      if (event.delta?.stop_reason !== undefined) message.stopReason = event.delta.stop_reason;
      if (typeof event.usage === "object" && event.usage !== null)
        message.usage = event.usage as Record<string, unknown>;
    } else if (event.type === "error" && event.error !== undefined) {
      message.errors.push({ ...event.error, read });
    }
  });
  return message;
}
