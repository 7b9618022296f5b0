import { createTextAccumulator, type TextAccumulator } from "@sluice/core";
import type {
  ContentBlock,
  ContentBlockDelta,
  ContentBlockStartEvent,
  ErrorObject,
  Message,
  MessageDeltaEvent,
  MessageStreamEvent,
  StopReason,
  Usage,
} from "./stream-events";
import { StreamGrammarError } from "./stream-grammar-error";

export interface MessageAggregator {
  /** Folds one event in; throws `StreamGrammarError` on an event the grammar does not allow here. */
  push(event: MessageStreamEvent): void;
  /** The non-streaming message; throws unless the stream ended with `message_stop`. */
  message(): Message;
  /** Set when the stream ended with an `error` event. */
  readonly error: ErrorObject | undefined;
}

type Phase = "before-start" | "blocks" | "after-message-delta" | "stopped" | "failed";

interface OpenBlock {
  readonly index: number;
  readonly start: ContentBlock;
  /** The text or thinking, and the tool input's JSON: held in about their own size (TextAccumulator). */
  readonly text: TextAccumulator;
  signature: string;
  hasJson: boolean;
  readonly json: TextAccumulator;
}

const TOOL_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;

const DELTA_BLOCK_TYPE: { readonly [Type in ContentBlockDelta["type"]]: ContentBlock["type"] } = {
  text_delta: "text",
  thinking_delta: "thinking",
  signature_delta: "thinking",
  input_json_delta: "tool_use",
};

/**
 * Folds a Messages event stream into the message a `stream: false` client gets (docs/architecture.md I6), and
 * checks the grammar on the way (I1: message_start first, one open block, indexes 0, 1, 2…, delta
 * type matching the block, one message_delta, message_stop last; I2: tool input is one JSON object,
 * tool ids are unique and `^[a-zA-Z0-9_-]+$`). Linear: text is appended, tool JSON parsed once at stop.
 */
export function createMessageAggregator(): MessageAggregator {
  let phase: Phase = "before-start";
  let start: Message | undefined;
  const content: ContentBlock[] = [];
  let open: OpenBlock | undefined;
  let stopReason: StopReason | null = null;
  let stopSequence: string | null = null;
  let usage: Usage | undefined;
  let error: ErrorObject | undefined;
  const toolIds = new Set<string>();

  const startBlock = (event: ContentBlockStartEvent): void => {
    if (phase !== "blocks") fail(`content_block_start ${phaseProblem(phase)}`);
    if (open !== undefined)
      fail(`content_block_start at index ${event.index} while block ${open.index} is open`);
    if (event.index !== content.length) {
      fail(`content_block_start at index ${event.index}, expected ${content.length} (indexes are 0, 1, 2…)`);
    }
    const block = event.content_block;
    if (block.type === "tool_use") {
      if (!TOOL_ID_PATTERN.test(block.id))
        fail(`tool_use id ${JSON.stringify(block.id)} is not ^[a-zA-Z0-9_-]+$`);
      if (toolIds.has(block.id)) fail(`tool_use id ${block.id} is used twice`);
      // envoy ai-gateway#1465: clients build input from the deltas, so a non-empty start input is lost or corrupts it.
      if (Object.keys(block.input).length > 0) fail(`tool_use ${block.id} starts with a non-empty input`);
      toolIds.add(block.id);
    }
    open = {
      index: event.index,
      start: block,
      text: createTextAccumulator(
        block.type === "text" ? block.text : block.type === "thinking" ? block.thinking : "",
      ),
      signature: block.type === "thinking" ? block.signature : "",
      hasJson: false,
      json: createTextAccumulator(),
    };
  };

  const applyDelta = (index: number, delta: ContentBlockDelta): void => {
    if (open === undefined || open.index !== index) {
      fail(
        `${delta.type} for index ${index}, but ${open === undefined ? "no block is" : `block ${open.index} is`} open`,
      );
    }
    const block = open;
    const expectedType = DELTA_BLOCK_TYPE[delta.type];
    if (block.start.type !== expectedType)
      fail(`${delta.type} into a ${block.start.type} block (index ${index})`);
    switch (delta.type) {
      case "text_delta":
        block.text.append(delta.text);
        break;
      case "thinking_delta":
        block.text.append(delta.thinking);
        break;
      case "signature_delta":
        block.signature = delta.signature;
        break;
      case "input_json_delta":
        block.hasJson = true;
        block.json.append(delta.partial_json);
        break;
    }
  };

  const stopBlock = (index: number): void => {
    if (open === undefined || open.index !== index) {
      fail(
        `content_block_stop for index ${index}, but ${open === undefined ? "no block is" : `block ${open.index} is`} open`,
      );
    }
    content.push(finishBlock(open));
    open = undefined;
  };

  const applyMessageDelta = (event: MessageDeltaEvent): void => {
    if (phase !== "blocks") fail(`message_delta ${phaseProblem(phase)}`);
    if (open !== undefined) {
      // A tool call cut by the token limit is left open (docs/architecture.md §3): it is no part of the message,
      // so a `stream: false` client can no more run half a call than a streaming one.
      if (open.start.type !== "tool_use" || event.delta.stop_reason !== "max_tokens")
        fail(`message_delta while block ${open.index} is open`);
      open = undefined;
    }
    // claude-code#16785: a message_delta without both keys breaks clients, so both are required.
    if (typeof event.delta.stop_reason !== "string") fail("message_delta without a stop_reason");
    if (!("stop_sequence" in event.delta)) fail("message_delta without a stop_sequence key");
    stopReason = event.delta.stop_reason;
    stopSequence = event.delta.stop_sequence;
    // Usage in message_delta is cumulative: a present count replaces the one from message_start.
    const base = usage ?? fail("message_delta before message_start");
    usage = {
      input_tokens: event.usage.input_tokens ?? base.input_tokens,
      output_tokens: event.usage.output_tokens,
      cache_creation_input_tokens:
        event.usage.cache_creation_input_tokens ?? base.cache_creation_input_tokens,
      cache_read_input_tokens: event.usage.cache_read_input_tokens ?? base.cache_read_input_tokens,
    };
    phase = "after-message-delta";
  };

  return {
    push(event) {
      if (phase === "stopped" || phase === "failed") {
        fail(
          `${event.type} after the stream ended with ${phase === "stopped" ? "message_stop" : "an error event"}`,
        );
      }
      switch (event.type) {
        case "ping":
          return;
        case "error":
          error = { type: event.error.type, message: event.error.message };
          phase = "failed";
          return;
        case "message_start":
          if (phase !== "before-start") fail("a second message_start");
          if (event.message.content.length > 0) fail("message_start with non-empty content");
          start = event.message;
          usage = { ...event.message.usage };
          phase = "blocks";
          return;
        case "content_block_start":
          startBlock(event);
          return;
        case "content_block_delta":
          if (phase === "before-start") fail(`content_block_delta ${phaseProblem(phase)}`);
          applyDelta(event.index, event.delta);
          return;
        case "content_block_stop":
          if (phase === "before-start") fail(`content_block_stop ${phaseProblem(phase)}`);
          stopBlock(event.index);
          return;
        case "message_delta":
          applyMessageDelta(event);
          return;
        case "message_stop":
          if (phase !== "after-message-delta") {
            fail(`message_stop ${phase === "before-start" ? phaseProblem(phase) : "before message_delta"}`);
          }
          phase = "stopped";
          return;
      }
    },
    message() {
      if (phase === "failed") {
        fail(`the stream ended with an error event (${error?.type}: ${error?.message}), not a message`);
      }
      if (phase !== "stopped" || start === undefined || usage === undefined) {
        fail("the stream has not ended with message_stop");
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
  if (phase === "before-start") return "before message_start";
  if (phase === "after-message-delta") return "after message_delta";
  return `in phase ${phase}`;
}

function finishBlock(block: OpenBlock): ContentBlock {
  const start = block.start;
  switch (start.type) {
    case "text":
      return { type: "text", text: block.text.text() };
    case "thinking":
      return { type: "thinking", thinking: block.text.text(), signature: block.signature };
    case "tool_use":
      return {
        type: "tool_use",
        id: start.id,
        name: start.name,
        input: block.hasJson ? parseToolInput(start.id, block.json.text()) : {},
      };
  }
}

/** docs/architecture.md I2: the concatenated `input_json_delta` of a tool_use block is one JSON object; `""` means `{}`. */
function parseToolInput(id: string, json: string): Record<string, unknown> {
  if (json === "") return {};
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    throw new StreamGrammarError(
      `tool_use ${id}: input_json_delta does not concatenate to JSON (${(error as Error).message}): ${json.slice(0, 120)}`,
    );
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new StreamGrammarError(`tool_use ${id}: input is not a JSON object: ${json.slice(0, 120)}`);
  }
  return input as Record<string, unknown>;
}
