import type { ToolSchemas } from "./json-schema";
import type { SegmentSink } from "./segment";

/** Per-stream facts every parser may read. */
export interface ParserContext {
  /** Whether thinking is on for this request. */
  readonly thinking: boolean;
  /**
   * Whether the answer starts inside reasoning, when the gateway knows how the family's chat template left the
   * model (its template rules: the generation prompt opened `<think>`, so the output may carry only
   * `</think>`; DeepSeek V3.1 opens it only after a user message). Undefined: the dialect decides (from
   * `thinking`, or always for a family that always thinks).
   */
  readonly startsInReasoning: boolean | undefined;
  /** The request's tools (name → input schema); empty when none were offered. */
  readonly tools: ToolSchemas;
  /** Mints a stream-unique call index; shared by the segmenter and the structured merger. */
  readonly allocateCallIndex: () => number;
}

/** The shape of every stage: synchronous, fed chunk by chunk, no I/O. */
export interface StreamParser {
  /** Feed the next piece of text (any split, including mid-marker). */
  push(text: string): void;
  /** The stream ended: flush held bytes, close what is open. Call once. */
  end(): void;
}

/** A reasoning dialect's parser: splits raw content into reasoning and text. */
export interface ReasoningParser extends StreamParser {
  /** True while inside a reasoning span. */
  readonly inReasoning: boolean;
  /**
   * A confirmed tool call starts here (the model skipped `</think>`): close the reasoning span,
   * flushing what it holds, and continue in content.
   */
  interrupt(): void;
  /**
   * Tool markup was consumed here, so the next text is not contiguous with what came before:
   * pass on what is held (a partial `</think>` can no longer complete), staying in the same state.
   */
  flush(): void;
}

/**
 * How a family's chat template is told to think: `chat_template_kwargs.<kwarg>: boolean`, or MiniMax M3's
 * `thinking_mode: "enabled" | "disabled"` (thinkingKwargValue).
 */
export type ThinkingKwarg = "enable_thinking" | "thinking" | "thinking_mode";

/**
 * What every dialect package exports about itself (docs/dialects.md §4): the gateway's registry is a list
 * of these, and config validation, error messages, the docs' tables and the contract tests read it.
 */
export interface DialectDescriptor {
  /** The name written in a config (`reasoning_parser: qwen3`, `tool_parser: qwen_xml`). */
  readonly id: string;
  /** The peers' names for the same format (vLLM's `--tool-call-parser qwen3_coder`), accepted in a config too. */
  readonly aliases: readonly string[];
  /** One line: which models write it. */
  readonly description: string;
  /** The literal markers it reads, for the docs. */
  readonly markers: readonly string[];
  /**
   * Fields the upstream request needs for the markers to reach `content` at all: markers that are special
   * tokens are dropped by the server unless it is told `skip_special_tokens: false` (docs/dialects.md §3).
   */
  readonly requestFields?: Readonly<Record<string, unknown>>;
}

export interface ReasoningDialect extends DialectDescriptor {
  readonly kind: "reasoning";
  /**
   * The family's template switch, used when the model's config and preset name none (so a model
   * configured with only `reasoning_parser: qwen3` can still have thinking turned off). Absent: the
   * family has no switch.
   */
  readonly thinkingKwarg?: ThinkingKwarg;
  /** The family thinks whatever the request says (DeepSeek-R1): thinking counts as on. */
  readonly alwaysThinks: boolean;
  /** Whether a tool-call start the tool dialect confirms ends an open reasoning span (docs/dialects.md §1). */
  readonly toolCallEndsReasoning: boolean;
  createParser(context: ParserContext, sink: SegmentSink): ReasoningParser;
}

/**
 * Which call starts a tool parser may accept at this point of the stream:
 * `all` in content; `explicit` (only a wrapper such as `<tool_call>`) while a reasoning span is open
 * that a tool call may end; `none` while a reasoning span is open that a tool call may not end.
 */
export type CallStartPolicy = "all" | "explicit" | "none";

export interface ToolParserContext extends ParserContext {
  /** Asked at each candidate start; reflects all text passed on before it. */
  readonly callStartPolicy: () => CallStartPolicy;
}

/**
 * A tool dialect's parser. It sees all raw content first: text that is not a call goes out as
 * `text` segments (the segmenter hands them to the reasoning parser), calls as `tool-call-*`
 * segments with their source as `markup`.
 */
export type ToolParser = StreamParser;

export interface ToolDialect extends DialectDescriptor {
  readonly kind: "tool";
  /**
   * How the family's chat template expects the ids of past calls, when it writes them into the prompt:
   * Kimi's renders `functions.NAME:IDX` verbatim, so a client's `toolu_…` ids would be foreign markup to the
   * model. The gateway rewrites the ids of the conversation it sends upstream with this (call `index` counts
   * the calls of the conversation from 0), tool results included. Absent: ids go upstream as the client
   * sent them.
   */
  readonly historyToolCallId?: (name: string, index: number) => string;
  createParser(context: ToolParserContext, sink: SegmentSink): ToolParser;
}
