import type { DeltaKind, StreamEvent } from "../stream-event";

export interface StreamCheckOptions {
  /** The events are one block sequencer's: blocks only, no message-start or end. */
  readonly blocksOnly?: boolean;
}

const TOOL_ID = /^[a-zA-Z0-9_-]+$/;
const SEPARATOR = /^[ \t\r\n]$/;
const DELTAS_FOR_BLOCK: { readonly [Kind in "thinking" | "text" | "tool-call"]: readonly DeltaKind[] } = {
  thinking: ["thinking", "signature"],
  text: ["text"],
  "tool-call": ["arguments"],
};

interface OpenBlock {
  readonly index: number;
  readonly kind: "thinking" | "text" | "tool-call";
  json: string;
  signatures: number;
  first: string;
  last: string;
}

/**
 * The stream invariants of docs/architecture.md §2, checked once, on Sluice's own events, for every surface:
 * I1 (message-start first; blocks start → deltas → stop one at a time, indexes 0, 1, 2…; deltas of the
 * block's kind, never empty; a thinking block's one signature last in it; one message-end after the last
 * block, with only a tool call cut by `max_tokens` still open; or an `error` that ends the stream), I2 (each
 * stopped tool call's arguments are one JSON object; ids valid and unique) and the template-separator rule of
 * docs/dialects.md §1 (no text or thinking block is empty, or starts or ends with whitespace). Returns the
 * problems found, empty when the stream is valid.
 */
export function checkStreamEvents(
  events: readonly StreamEvent[],
  options: StreamCheckOptions = {},
): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  let phase = (options.blocksOnly === true ? "blocks" : "start") as "start" | "blocks" | "ended";
  let open: OpenBlock | undefined;
  let nextIndex = 0;
  events.forEach((event, position) => {
    const where = `event ${position} (${event.type})`;
    if (phase === "ended") {
      problems.push(`${where} after the stream ended`);
      return;
    }
    if (event.type === "error") {
      if (options.blocksOnly === true) problems.push(`${where}: a block sequencer emits no error`);
      phase = "ended";
      return;
    }
    if (phase === "start") {
      phase = "blocks";
      if (event.type === "message-start") return;
      problems.push(`${where}: message-start must come first`);
    }
    switch (event.type) {
      case "message-start":
        problems.push(`${where}: a second message-start`);
        return;
      case "block-start": {
        if (open) problems.push(`${where}: block ${event.index} starts while block ${open.index} is open`);
        if (event.index !== nextIndex) problems.push(`${where}: index ${event.index}, expected ${nextIndex}`);
        nextIndex = event.index + 1;
        if (event.kind === "tool-call") {
          if (!TOOL_ID.test(event.id))
            problems.push(`${where}: tool id ${JSON.stringify(event.id)} is not valid`);
          if (ids.has(event.id)) problems.push(`${where}: tool id ${event.id} is not unique`);
          ids.add(event.id);
        }
        open = { index: event.index, kind: event.kind, json: "", signatures: 0, first: "", last: "" };
        return;
      }
      case "block-delta": {
        if (!open || open.index !== event.index) {
          problems.push(`${where}: delta for block ${event.index}, which is not open`);
          return;
        }
        if (!DELTAS_FOR_BLOCK[open.kind].includes(event.kind))
          problems.push(`${where}: a ${event.kind} delta in a ${open.kind} block`);
        if (event.text === "") problems.push(`${where}: an empty ${event.kind} delta`);
        if (event.kind === "signature") {
          open.signatures++;
          return;
        }
        if (open.signatures > 0) problems.push(`${where}: a ${event.kind} delta after the signature`);
        if (event.kind === "arguments") open.json += event.text;
        else if (event.text !== "") {
          if (open.first === "") open.first = event.text[0] as string;
          open.last = event.text[event.text.length - 1] as string;
        }
        return;
      }
      case "block-stop":
        if (!open || open.index !== event.index) {
          problems.push(`${where}: stop for block ${event.index}, which is not open`);
          return;
        }
        problems.push(...stopProblems(open, where));
        open = undefined;
        return;
      case "message-end":
        if (options.blocksOnly === true)
          problems.push(`${where}: a block sequencer does not end the message`);
        // A tool call cut by the token limit stays open, as Anthropic leaves it: no client runs half a call.
        if (open && !(open.kind === "tool-call" && event.stopReason === "max_tokens"))
          problems.push(`${where}: message-end while block ${open.index} is open`);
        open = undefined;
        phase = "ended";
        return;
    }
  });
  if (options.blocksOnly === true) {
    if (open !== undefined && open.kind !== "tool-call") problems.push(`block ${open.index} never stopped`);
  } else if (phase !== "ended") problems.push("the stream ends without message-end or error");
  return problems;
}

function stopProblems(block: OpenBlock, where: string): string[] {
  if (block.kind === "tool-call") {
    try {
      const input: unknown = JSON.parse(block.json);
      if (input === null || typeof input !== "object" || Array.isArray(input))
        return [`${where}: tool arguments are not a JSON object: ${block.json.slice(0, 120)}`];
    } catch {
      return [`${where}: tool arguments are not JSON: ${block.json.slice(0, 120)}`];
    }
    return [];
  }
  const problems: string[] = [];
  if (block.kind === "thinking" && block.signatures !== 1)
    problems.push(`${where}: thinking block with ${block.signatures} signatures`);
  if (block.first === "") problems.push(`${where}: empty ${block.kind} block`);
  else if (SEPARATOR.test(block.first) || SEPARATOR.test(block.last))
    problems.push(`${where}: ${block.kind} block starts or ends with whitespace (a template separator)`);
  return problems;
}
