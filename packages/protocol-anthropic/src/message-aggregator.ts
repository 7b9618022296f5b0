import { createTextAccumulator, type TextAccumulator } from "@sluice/core";
import type {
  BlockStartEvent,
  DeltaKind,
  ErrorObject,
  MessageEndEvent,
  MessageStartEvent,
  StreamEvent,
} from "@sluice/events";
import type { ContentBlock, Message, StopReason, Usage } from "./stream-events";
import { StreamGrammarError } from "./stream-grammar-error";

export interface MessageAggregator {
  /** Folds one event in; throws `StreamGrammarError` on an event the grammar does not allow here. */
  push(event: StreamEvent): void;
  /** The non-streaming message; throws unless the stream ended with `message-end`. */
  message(): Message;
  /** Set when the stream ended with an `error` event. */
  readonly error: ErrorObject | undefined;
}

type Phase = "before-start" | "blocks" | "stopped" | "failed";

interface OpenBlock {
  readonly start: BlockStartEvent;
  /** The text or thinking, and the tool input's JSON: held in about their own size (TextAccumulator). */
  readonly text: TextAccumulator;
  signature: string;
}

const TOOL_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;

const DELTA_BLOCK_KIND: { readonly [Kind in DeltaKind]: BlockStartEvent["kind"] } = {
  text: "text",
  thinking: "thinking",
  signature: "thinking",
  arguments: "tool-call",
};

/**
 * Folds Sluice's stream events into the message a `stream: false` client gets (docs/architecture.md I6), and
 * checks the grammar on the way (I1: message-start first, one open block, indexes 0, 1, 2…, deltas matching
 * the block, message-end last; I2: tool input is one JSON object, tool ids are unique and
 * `^[a-zA-Z0-9_-]+$`). Linear: text is appended, tool JSON parsed once at stop.
 */
export function createMessageAggregator(): MessageAggregator {
  let phase: Phase = "before-start";
  let start: MessageStartEvent | undefined;
  const content: ContentBlock[] = [];
  let open: OpenBlock | undefined;
  let stopReason: StopReason | null = null;
  let stopSequence: string | null = null;
  let usage: Usage | undefined;
  let error: ErrorObject | undefined;
  const toolIds = new Set<string>();

  const startBlock = (event: BlockStartEvent): void => {
    if (phase !== "blocks") fail(`block-start ${phaseProblem(phase)}`);
    if (open !== undefined)
      fail(`block-start at index ${event.index} while block ${open.start.index} is open`);
    if (event.index !== content.length) {
      fail(`block-start at index ${event.index}, expected ${content.length} (indexes are 0, 1, 2…)`);
    }
    if (event.kind === "tool-call") {
      if (!TOOL_ID_PATTERN.test(event.id))
        fail(`tool call id ${JSON.stringify(event.id)} is not ^[a-zA-Z0-9_-]+$`);
      if (toolIds.has(event.id)) fail(`tool call id ${event.id} is used twice`);
      toolIds.add(event.id);
    }
    open = { start: event, text: createTextAccumulator(), signature: "" };
  };

  const openBlock = (what: string, index: number): OpenBlock => {
    if (phase === "before-start") fail(`${what} ${phaseProblem(phase)}`);
    if (open === undefined || open.start.index !== index) {
      fail(
        `${what} for index ${index}, but ${open === undefined ? "no block is" : `block ${open.start.index} is`} open`,
      );
    }
    return open;
  };

  const end = (event: MessageEndEvent): void => {
    if (phase !== "blocks") fail(`message-end ${phaseProblem(phase)}`);
    if (open !== undefined) {
      // A tool call cut by the token limit is left open (docs/architecture.md §3): it is no part of the message,
      // so a `stream: false` client can no more run half a call than a streaming one.
      if (open.start.kind !== "tool-call" || event.stopReason !== "max_tokens")
        fail(`message-end while block ${open.start.index} is open`);
      open = undefined;
    }
    stopReason = event.stopReason;
    stopSequence = event.stopSequence;
    // The counts at the end are cumulative: a present count replaces the one from message-start.
    const base = usage ?? fail("message-end before message-start");
    usage = {
      input_tokens: event.usage.inputTokens ?? base.input_tokens,
      output_tokens: event.usage.outputTokens,
      cache_creation_input_tokens: base.cache_creation_input_tokens,
      cache_read_input_tokens: event.usage.cachedInputTokens ?? base.cache_read_input_tokens,
    };
    phase = "stopped";
  };

  return {
    push(event) {
      if (phase === "stopped" || phase === "failed") {
        fail(
          `${event.type} after the stream ended with ${phase === "stopped" ? "message-end" : "an error event"}`,
        );
      }
      switch (event.type) {
        case "error":
          error = { type: event.error.type, message: event.error.message };
          phase = "failed";
          return;
        case "message-start":
          if (phase !== "before-start") fail("a second message-start");
          start = event;
          usage = {
            input_tokens: event.inputTokens,
            output_tokens: 0,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          };
          phase = "blocks";
          return;
        case "block-start":
          startBlock(event);
          return;
        case "block-delta": {
          const block = openBlock(`${event.kind} delta`, event.index);
          if (block.start.kind !== DELTA_BLOCK_KIND[event.kind])
            fail(`${event.kind} delta into a ${block.start.kind} block (index ${event.index})`);
          if (event.kind === "signature") block.signature = event.text;
          else block.text.append(event.text);
          return;
        }
        case "block-stop":
          content.push(finishBlock(openBlock("block-stop", event.index)));
          open = undefined;
          return;
        case "message-end":
          end(event);
          return;
      }
    },
    message() {
      if (phase === "failed") {
        fail(`the stream ended with an error event (${error?.type}: ${error?.message}), not a message`);
      }
      if (phase !== "stopped" || start === undefined || usage === undefined) {
        fail("the stream has not ended with message-end");
      }
      return {
        id: start.id,
        type: "message",
        role: "assistant",
        model: start.model,
        content: [...content],
        stop_reason: stopReason,
        stop_sequence: stopSequence,
        usage: { ...usage },
      };
    },
    get error() {
      return error;
    },
  };
}

function fail(message: string): never {
  throw new StreamGrammarError(message);
}

function phaseProblem(phase: Phase): string {
  return phase === "before-start" ? "before message-start" : `in phase ${phase}`;
}

function finishBlock(block: OpenBlock): ContentBlock {
  const start = block.start;
  switch (start.kind) {
    case "text":
      return { type: "text", text: block.text.text() };
    case "thinking":
      return { type: "thinking", thinking: block.text.text(), signature: block.signature };
    case "tool-call":
      return {
        type: "tool_use",
        id: start.id,
        name: start.name,
        input: parseToolInput(start.id, block.text.text()),
      };
  }
}

/** docs/architecture.md I2: the concatenated arguments of a tool call are one JSON object; `""` means `{}`. */
function parseToolInput(id: string, json: string): Record<string, unknown> {
  if (json === "") return {};
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    throw new StreamGrammarError(
      `tool call ${id}: its arguments do not concatenate to JSON (${(error as Error).message}): ${json.slice(0, 120)}`,
    );
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new StreamGrammarError(
      `tool call ${id}: its arguments are not a JSON object: ${json.slice(0, 120)}`,
    );
  }
  return input as Record<string, unknown>;
}
