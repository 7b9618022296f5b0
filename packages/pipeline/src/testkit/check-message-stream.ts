import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import type { SseMessage } from "./parse-sse";

const TOOL_ID = /^[a-zA-Z0-9_-]+$/;
const SEPARATOR = /^[ \t\r\n]$/;
const DELTA_FOR_BLOCK: Record<string, readonly string[]> = {
  text: ["text_delta"],
  thinking: ["thinking_delta", "signature_delta"],
  tool_use: ["input_json_delta"],
};

/**
 * The checker of docs/architecture.md §2 applied to one Anthropic stream: I1 (grammar: message_start first, blocks
 * start → deltas → stop one at a time with indexes 0, 1, 2…, delta types matching, a signature before a
 * thinking block stops, one message_delta with both stop keys after the last block (only a tool_use block cut by
 * `max_tokens` may still be open then), message_stop last; or an `error` event that ends it), I2 (each
 * stopped tool_use input is one JSON object; ids valid and
 * unique) and the template-separator rule of docs/dialects.md §1 (no text or thinking block is empty, or starts
 * or ends with whitespace). Returns the problems found.
 */
export function checkMessageStream(events: readonly MessageStreamEvent[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  let phase = "start" as "start" | "blocks" | "delta" | "stopped" | "errored";
  let open:
    | { index: number; type: string; json: string; signed: boolean; first: string; last: string }
    | undefined;
  let nextIndex = 0;
  events.forEach((event, position) => {
    const where = `event ${position} (${event.type})`;
    if (phase === "stopped" || phase === "errored") {
      problems.push(`${where} after the stream ended`);
      return;
    }
    if (event.type === "ping") return;
    if (event.type === "error") {
      phase = "errored";
      return;
    }
    if (phase === "start") {
      if (event.type !== "message_start") problems.push(`${where}: message_start must come first`);
      phase = "blocks";
      if (event.type === "message_start") return;
    }
    switch (event.type) {
      case "message_start":
        problems.push(`${where}: a second message_start`);
        break;
      case "content_block_start": {
        if (phase !== "blocks") problems.push(`${where}: block after message_delta`);
        if (open) problems.push(`${where}: block ${event.index} starts while block ${open.index} is open`);
        if (event.index !== nextIndex) problems.push(`${where}: index ${event.index}, expected ${nextIndex}`);
        nextIndex = event.index + 1;
        const block = event.content_block;
        if (block.type === "tool_use") {
          if (!TOOL_ID.test(block.id))
            problems.push(`${where}: tool id ${JSON.stringify(block.id)} is not valid`);
          if (ids.has(block.id)) problems.push(`${where}: tool id ${block.id} is not unique`);
          ids.add(block.id);
          if (Object.keys(block.input).length > 0) problems.push(`${where}: tool_use input must start as {}`);
        }
        open = { index: event.index, type: block.type, json: "", signed: false, first: "", last: "" };
        break;
      }
      case "content_block_delta": {
        if (!open || open.index !== event.index) {
          problems.push(`${where}: delta for block ${event.index}, which is not open`);
          break;
        }
        if (!DELTA_FOR_BLOCK[open.type]?.includes(event.delta.type))
          problems.push(`${where}: ${event.delta.type} in a ${open.type} block`);
        if (event.delta.type === "input_json_delta") open.json += event.delta.partial_json;
        const text =
          event.delta.type === "text_delta"
            ? event.delta.text
            : event.delta.type === "thinking_delta"
              ? event.delta.thinking
              : "";
        if (text !== "") {
          if (open.first === "") open.first = text[0] as string;
          open.last = text[text.length - 1] as string;
        }
        if (event.delta.type === "signature_delta") open.signed = true;
        else if (open.signed) problems.push(`${where}: delta after the signature`);
        break;
      }
      case "content_block_stop": {
        if (!open || open.index !== event.index) {
          problems.push(`${where}: stop for block ${event.index}, which is not open`);
          break;
        }
        if (open.type === "thinking" && !open.signed)
          problems.push(`${where}: thinking block without signature_delta`);
        if (open.type === "text" || open.type === "thinking") {
          if (open.first === "") problems.push(`${where}: empty ${open.type} block`);
          else if (SEPARATOR.test(open.first) || SEPARATOR.test(open.last))
            problems.push(
              `${where}: ${open.type} block starts or ends with whitespace (a template separator)`,
            );
        }
        if (open.type === "tool_use") {
          try {
            const input: unknown = JSON.parse(open.json);
            if (input === null || typeof input !== "object" || Array.isArray(input))
              problems.push(`${where}: tool input is not a JSON object: ${open.json.slice(0, 120)}`);
          } catch {
            problems.push(`${where}: tool input is not JSON: ${open.json.slice(0, 120)}`);
          }
        }
        open = undefined;
        break;
      }
      case "message_delta":
        if (phase !== "blocks") problems.push(`${where}: a second message_delta`);
        // A tool call cut by the token limit stays open, as Anthropic leaves it: no client runs half a call.
        if (open && !(open.type === "tool_use" && event.delta.stop_reason === "max_tokens"))
          problems.push(`${where}: message_delta while block ${open.index} is open`);
        if (!("stop_reason" in event.delta) || !("stop_sequence" in event.delta))
          problems.push(`${where}: message_delta needs stop_reason and stop_sequence keys`);
        phase = "delta";
        break;
      case "message_stop":
        if (phase !== "delta") problems.push(`${where}: message_stop without message_delta`);
        phase = "stopped";
        break;
    }
  });
  if (phase !== "stopped" && phase !== "errored")
    problems.push("the stream ends without message_stop or error");
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
