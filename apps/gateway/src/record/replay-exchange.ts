import { createTranscoder } from "@sluice/pipeline";
import { encodeSseEvent, type MessageStreamEvent, toAnthropicEvents } from "@sluice/protocol-anthropic";
import { scrubbedUpstreamMessage } from "../upstream/scrubbed-upstream-message";
import { rebuildTranscoderOptions } from "./rebuild-transcoder-options";
import type { RecordedExchange } from "./recorded-exchange";

export type ReplayOutcome =
  | {
      readonly kind: "replayed";
      /** What today's pipeline emits for the recorded reads, as the Anthropic events a recording holds. */
      readonly events: readonly MessageStreamEvent[];
      /** Undefined when the events equal the recorded ones as SSE text (for a truncated file: up to the cut). */
      readonly difference: string | undefined;
      readonly truncated: boolean;
    }
  /** The upstream never answered 200 (an error status, a refused connection): no transcoder ran. */
  | { readonly kind: "no-stream"; readonly reason: string }
  | { readonly kind: "invalid"; readonly message: string };

/**
 * Runs a recording's upstream reads through today's `createTranscoder`, one push per recorded
 * read, and compares the events with the recorded ones. Ids are reused, so an unchanged pipeline replays
 * byte-identical: the message id of the recorded `message_start`, and for each tool block the pipeline
 * mints an id for, the recorded id of the tool block at that position.
 */
export function replayExchange(recorded: RecordedExchange): ReplayOutcome {
  if (recorded.transcoder === null) {
    const { status, error } = recorded.upstream;
    const reason =
      error !== null
        ? `the upstream call failed: ${error}`
        : `the upstream answered ${status ?? "nothing"}; no stream went through the pipeline`;
    return { kind: "no-stream", reason };
  }
  const rebuilt = rebuildTranscoderOptions(recorded.transcoder);
  if (!rebuilt.ok) return { kind: "invalid", message: rebuilt.message };

  const recordedEvents = recorded.events as unknown as readonly MessageStreamEvent[];
  const recordedToolIds = recordedEvents.flatMap((event) =>
    event.type === "content_block_start" && event.content_block.type === "tool_use"
      ? [event.content_block.id]
      : [],
  );
  const recordedStart = recordedEvents.find((event) => event.type === "message_start");
  const events: MessageStreamEvent[] = [];
  let toolBlocks = 0;
  const transcoder = createTranscoder(
    {
      ...rebuilt.options,
      ...(recordedStart === undefined ? {} : { messageId: recordedStart.message.id }),
      // The sequencer mints right before it starts the tool block: its position is the blocks seen so far.
      createToolId: () => recordedToolIds[toolBlocks] ?? `toolu_replay${toolBlocks}`,
    },
    (event) => {
      if (event.type === "block-start" && event.kind === "tool-call") toolBlocks++;
      // As the relay does: an upstream's error text reaches a client scrubbed and bounded.
      events.push(
        ...toAnthropicEvents([
          event.type === "error"
            ? {
                type: "error",
                error: { ...event.error, message: scrubbedUpstreamMessage(event.error.message, []) },
              }
            : event,
        ]),
      );
    },
  );
  transcoder.start();
  for (const read of recorded.upstream.reads) transcoder.push(read.text);
  // A truncated file holds the events of the reads it kept: those are compared, not how the replay ends.
  const comparable = recorded.truncated ? events.length : undefined;
  transcoder.end();
  const replayed = comparable === undefined ? events : events.slice(0, comparable);
  return {
    kind: "replayed",
    events,
    difference: firstDifference(recordedEvents, replayed),
    truncated: recorded.truncated,
  };
}

// Longest piece of an event quoted in the difference line.
const QUOTE_LENGTH = 300;

function firstDifference(
  recorded: readonly MessageStreamEvent[],
  replayed: readonly MessageStreamEvent[],
): string | undefined {
  const length = Math.max(recorded.length, replayed.length);
  for (let index = 0; index < length; index++) {
    const before = recorded[index];
    const after = replayed[index];
    const beforeSse = before === undefined ? undefined : encodeSseEvent(before);
    const afterSse = after === undefined ? undefined : encodeSseEvent(after);
    if (beforeSse !== afterSse) {
      return `event ${index} differs: recorded ${quote(beforeSse)}, replayed ${quote(afterSse)} (${recorded.length} recorded events, ${replayed.length} replayed)`;
    }
  }
  return undefined;
}

/** An event's data line, cut to a length a terminal line can show. */
function quote(sse: string | undefined): string {
  if (sse === undefined) return "(none)";
  const data = sse.slice(sse.indexOf("data: ") + "data: ".length).trimEnd();
  return data.length > QUOTE_LENGTH ? `${data.slice(0, QUOTE_LENGTH)}…` : data;
}
