import { createTextAccumulator } from "@sluice/core";
import type {
  BlockDeltaEvent,
  BlockStartEvent,
  EndUsage,
  MessageStartEvent,
  StopReason,
  StreamEvent,
} from "@sluice/events";
import { toOpenAIFinishReason } from "@sluice/stop-reason";
import { formatResponsesSse } from "./format-responses-sse";
import { addedItem, finishedItem, type OpenItem, type ReasoningOutput } from "./open-item";
import { reasoningDelta, reasoningPartAdded, reasoningPartDone } from "./reasoning-part-events";
import type { ResponseObject, ResponseOutputItem, ResponseStatus } from "./response-object";
import { type ResponsesEncoderOptions, responseShell } from "./response-shell";
import type { ResponseStreamEvent } from "./response-stream-event";
import { responseUsage } from "./response-usage";
import { streamErrorRow } from "./stream-error-table";
import { wantsReasoningSummary } from "./wants-reasoning-summary";

export type { ResponsesEncoderOptions };

export interface ResponsesEncoder {
  /** One Sluice event (as the transcoder emits it) → the Responses events it becomes, numbered in order. */
  encode(event: StreamEvent): ResponseStreamEvent[];
  /**
   * The same events as SSE text (`formatResponsesSse` of each), ready for one socket write. Text and
   * argument deltas, almost all of a stream, take a fast path: their fixed part is serialised once per item
   * and only the delta is escaped (a whole event object through JSON.stringify per token was most of the
   * surface's cost). The bytes are exactly `formatResponsesSse`'s (the test compares every scenario).
   */
  encodeSse(events: readonly StreamEvent[]): string;
}

const ITEM_PREFIX: { readonly [Type in ResponseOutputItem["type"]]: string } = {
  reasoning: "rs",
  message: "msg",
  function_call: "fc",
};

/**
 * Sluice's stream events → the Responses stream Codex CLI and the openai SDK read (docs/protocol.md D2): a
 * thinking block becomes a `reasoning` item (its text also the item's summary when the request asks for
 * one), a text block a `message` item, a tool-call block a `function_call` item whose `call_id` is the
 * block's id. `max_tokens` ends in `response.incomplete` (as does `refusal`, reason `content_filter`), an
 * `error` event in `error` + `response.failed`.
 * Synchronous, like every pipeline stage; events after the end are ignored.
 */
export function createResponsesEncoder(options: ResponsesEncoderOptions): ResponsesEncoder {
  const shell = responseShell(options);
  const idBase = options.id.startsWith("resp_") ? options.id.slice("resp_".length) : options.id;
  const reasoning: ReasoningOutput = {
    encrypted: options.request?.include?.includes("reasoning.encrypted_content") === true,
    summary: wantsReasoningSummary(options.request),
  };
  const output: ResponseOutputItem[] = [];
  let sequence = 0;
  const next = () => sequence++;
  let open: OpenItem | undefined;
  let start: MessageStartEvent | undefined;
  let endUsage: EndUsage | undefined;
  let stopReason: StopReason | undefined;
  let ended = false;
  // The open item's delta event, serialised up to the delta and from the delta to the sequence number.
  let deltaHead = "";
  let deltaMiddle = "";
  let deltaKind: "text" | "arguments" | "thinking" | undefined;
  // A reasoning item's summary delta, up to the delta (reasoning-part-events.ts: the same text, summarised).
  let summaryHead = "";

  const response = (status: ResponseStatus, extra: Partial<ResponseObject> = {}): ResponseObject => ({
    ...shell,
    status,
    output: [...output],
    usage: null,
    error: null,
    incomplete_details: null,
    ...extra,
  });

  const startItem = (event: BlockStartEvent) => {
    const type =
      event.kind === "thinking" ? "reasoning" : event.kind === "text" ? "message" : "function_call";
    const outputIndex = output.length;
    const item: OpenItem = {
      type,
      id: `${ITEM_PREFIX[type]}_${idBase}_${outputIndex}`,
      outputIndex,
      text: createTextAccumulator(),
      callId: event.kind === "tool-call" ? event.id : "",
      name: event.kind === "tool-call" ? event.name : "",
    };
    open = item;
    const where = `"item_id":${JSON.stringify(item.id)},"output_index":${outputIndex}`;
    // Key order as in the objects `delta` builds, so both paths write the same bytes.
    if (type === "message") {
      deltaHead = `event: response.output_text.delta\ndata: {"type":"response.output_text.delta",${where},"content_index":0,"delta":`;
      deltaMiddle = ',"logprobs":[],"sequence_number":';
      deltaKind = "text";
    } else if (type === "function_call") {
      deltaHead = `event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta",${where},"delta":`;
      deltaMiddle = ',"sequence_number":';
      deltaKind = "arguments";
    } else {
      deltaHead = `event: response.reasoning_text.delta\ndata: {"type":"response.reasoning_text.delta",${where},"content_index":0,"delta":`;
      deltaMiddle = ',"sequence_number":';
      summaryHead = `event: response.reasoning_summary_text.delta\ndata: {"type":"response.reasoning_summary_text.delta",${where},"summary_index":0,"delta":`;
      deltaKind = "thinking";
    }
    const events: ResponseStreamEvent[] = [
      {
        type: "response.output_item.added",
        output_index: outputIndex,
        item: addedItem(item),
        sequence_number: sequence++,
      },
    ];
    // Content parts are announced before their deltas: the SDK's accumulator appends deltas to them.
    if (type === "reasoning") events.push(...reasoningPartAdded(item, next));
    if (type === "message") {
      events.push({
        type: "response.content_part.added",
        item_id: item.id,
        output_index: outputIndex,
        content_index: 0,
        part: { type: "output_text", text: "", annotations: [], logprobs: [] },
        sequence_number: sequence++,
      });
    }
    return events;
  };

  const delta = (event: BlockDeltaEvent) => {
    const item = open;
    if (item === undefined || event.text === "") return [];
    const where = { item_id: item.id, output_index: item.outputIndex };
    const text = event.text;
    switch (event.kind) {
      case "thinking": {
        const events = reasoningDelta(item, text, reasoning.summary, next);
        item.text.append(text);
        return events;
      }
      case "text":
        item.text.append(text);
        return [
          {
            type: "response.output_text.delta",
            ...where,
            content_index: 0,
            delta: text,
            logprobs: [],
            sequence_number: sequence++,
          } as const,
        ];
      case "arguments":
        item.text.append(text);
        return [
          {
            type: "response.function_call_arguments.delta",
            ...where,
            delta: text,
            sequence_number: sequence++,
          } as const,
        ];
      case "signature":
        // Our thinking signature is the fixed string "sluice"; Responses has no place for it.
        return [];
    }
  };

  const stopItem = (): ResponseStreamEvent[] => {
    const item = open;
    if (item === undefined) return [];
    open = undefined;
    const done = finishedItem(item, "completed", reasoning);
    output.push(done);
    const where = { item_id: item.id, output_index: item.outputIndex };
    const text = item.text.text();
    const events: ResponseStreamEvent[] = [];
    switch (item.type) {
      case "reasoning":
        events.push(...reasoningPartDone(item, reasoning.summary, next));
        break;
      case "message":
        events.push(
          {
            type: "response.output_text.done",
            ...where,
            content_index: 0,
            text,
            logprobs: [],
            sequence_number: sequence++,
          },
          {
            type: "response.content_part.done",
            ...where,
            content_index: 0,
            part: { type: "output_text", text, annotations: [], logprobs: [] },
            sequence_number: sequence++,
          },
        );
        break;
      case "function_call":
        events.push({
          type: "response.function_call_arguments.done",
          ...where,
          arguments: text,
          name: item.name,
          sequence_number: sequence++,
        });
        break;
    }
    events.push({
      type: "response.output_item.done",
      output_index: item.outputIndex,
      item: done,
      sequence_number: sequence++,
    });
    return events;
  };

  const complete = (): ResponseStreamEvent[] => {
    ended = true;
    // A call still open was cut by the token limit (docs/architecture.md §3): in the output, marked incomplete.
    if (open !== undefined) output.push(finishedItem(open, "incomplete", reasoning));
    open = undefined;
    const usage = responseUsage(start, endUsage, output);
    const finish = stopReason === undefined ? "stop" : toOpenAIFinishReason(stopReason);
    if (finish === "length" || finish === "content_filter") {
      const reason = finish === "length" ? "max_output_tokens" : "content_filter";
      return [
        {
          type: "response.incomplete",
          response: response("incomplete", { usage, incomplete_details: { reason } }),
          sequence_number: sequence++,
        },
      ];
    }
    return [
      { type: "response.completed", response: response("completed", { usage }), sequence_number: sequence++ },
    ];
  };

  const fail = (error: { readonly type: string; readonly message: string }): ResponseStreamEvent[] => {
    ended = true;
    // What was written before the error stays in the output, the item it cut marked incomplete.
    if (open !== undefined) output.push(finishedItem(open, "incomplete", reasoning));
    open = undefined;
    const row = streamErrorRow(error.type);
    const code = row.streamCode;
    return [
      {
        type: "error",
        code,
        message: error.message,
        param: null,
        error: { type: row.type, code, message: error.message, param: null },
        sequence_number: sequence++,
      },
      {
        type: "response.failed",
        response: response("failed", { error: { code, message: error.message } }),
        sequence_number: sequence++,
      },
    ];
  };

  const encode = (event: StreamEvent): ResponseStreamEvent[] => {
    if (ended) return [];
    switch (event.type) {
      case "message-start":
        start = event;
        return [
          { type: "response.created", response: response("in_progress"), sequence_number: sequence++ },
          { type: "response.in_progress", response: response("in_progress"), sequence_number: sequence++ },
        ];
      case "block-start":
        return startItem(event);
      case "block-delta":
        return delta(event);
      case "block-stop":
        return stopItem();
      case "message-end":
        stopReason = event.stopReason;
        endUsage = event.usage;
        return complete();
      case "error":
        return fail(event.error);
    }
  };

  /** A text, argument or reasoning delta of the open item as SSE, or undefined when the slow path must write it. */
  const fastDelta = (event: StreamEvent): string | undefined => {
    if (ended || event.type !== "block-delta" || open === undefined) return undefined;
    // Only the open item's own kind of delta.
    if (event.kind !== deltaKind) return undefined;
    const text = event.text;
    if (text === "") return undefined;
    const summarised = deltaKind === "thinking" && reasoning.summary;
    // Reasoning's first text opens the summary part too (reasoningDelta): the slow path writes that one.
    if (summarised && open.text.length === 0) return undefined;
    const json = JSON.stringify(text);
    open.text.append(text);
    const content = `${deltaHead}${json}${deltaMiddle}${sequence++}}\n\n`;
    return summarised ? `${content}${summaryHead}${json}${deltaMiddle}${sequence++}}\n\n` : content;
  };

  return {
    encode,
    encodeSse(events) {
      let sse = "";
      for (const event of events) {
        const fast = fastDelta(event);
        if (fast !== undefined) {
          sse += fast;
          continue;
        }
        for (const item of encode(event)) sse += formatResponsesSse(item);
      }
      return sse;
    },
  };
}
