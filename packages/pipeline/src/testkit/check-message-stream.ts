import { checkStreamEvents } from "@sluice/events/testkit";
import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import { fromAnthropicEvents } from "./from-anthropic-events";
import type { SseMessage } from "./parse-sse";

/**
 * docs/architecture.md §2 applied to one Anthropic stream as a client read it: the stream invariants (I1, I2,
 * the template-separator rule) by the one checker, `checkStreamEvents`, over the Sluice events the stream
 * stands for, and what only the wire can get wrong: blocks that start empty (text `""`, thinking `""` with
 * signature `""`, tool_use input `{}`), one message_delta with both stop keys directly before message_stop,
 * nothing after message_stop or an `error` event. Returns the problems found.
 */
export function checkMessageStream(events: readonly MessageStreamEvent[]): string[] {
  return [...wireProblems(events), ...checkStreamEvents(fromAnthropicEvents(events))];
}

function wireProblems(events: readonly MessageStreamEvent[]): string[] {
  const problems: string[] = [];
  let ended = false;
  let delta = false;
  events.forEach((event, position) => {
    const where = `event ${position} (${event.type})`;
    if (ended) {
      problems.push(`${where} after the stream ended`);
      return;
    }
    if (delta && event.type !== "message_stop" && event.type !== "ping")
      problems.push(`${where}: only message_stop may follow message_delta`);
    switch (event.type) {
      case "content_block_start": {
        const block = event.content_block;
        const empty =
          block.type === "tool_use"
            ? Object.keys(block.input).length === 0
            : block.type === "text"
              ? block.text === ""
              : block.thinking === "" && block.signature === "";
        if (!empty) problems.push(`${where}: a ${block.type} block must start empty`);
        return;
      }
      case "message_delta":
        if (delta) problems.push(`${where}: a second message_delta`);
        if (!("stop_reason" in event.delta) || !("stop_sequence" in event.delta))
          problems.push(`${where}: message_delta needs stop_reason and stop_sequence keys`);
        delta = true;
        return;
      case "message_stop":
        if (!delta) problems.push(`${where}: message_stop without message_delta`);
        ended = true;
        return;
      case "error":
        ended = true;
        return;
      default:
        return;
    }
  });
  return problems;
}

/** I1 on the wire: every SSE message has an `event:` line equal to its data's `type`. */
export function checkSseFraming(messages: readonly SseMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, position) => {
    const type = (message.data as { type?: unknown }).type;
    if (message.event !== type)
      problems.push(`SSE message ${position}: event ${message.event} but data.type ${String(type)}`);
  });
  return problems;
}
