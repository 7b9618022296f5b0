import type { TextAccumulator } from "@sluice/core";
import { encodeReasoningEnvelope } from "./reasoning-envelope";
import type { ItemStatus, ResponseOutputItem } from "./response-object";

/** The output item being written: one per block of the stream. */
export interface OpenItem {
  readonly type: ResponseOutputItem["type"];
  readonly id: string;
  readonly outputIndex: number;
  /**
   * The reasoning, the text or the arguments so far, for the events that end the item (and the final
   * response), which repeat it whole; held in about its own size, whatever the deltas.
   */
  readonly text: TextAccumulator;
  /** A function call's `call_id` (its tool-call block's id) and name; empty for the other items. */
  readonly callId: string;
  readonly name: string;
}

/** How a reasoning item is finished, from the request: `include` and `reasoning.summary`. */
export interface ReasoningOutput {
  /** `include` asked for `reasoning.encrypted_content` (see reasoning-envelope.ts). */
  readonly encrypted: boolean;
  /** `reasoning.summary` asked for a summary: the text is the item's summary too (reasoning-part-events.ts). */
  readonly summary: boolean;
}

const PLAIN: ReasoningOutput = { encrypted: false, summary: false };

/** The item as `output_item.added` shows it: empty, since its parts and text arrive as events. */
export function addedItem(item: OpenItem): ResponseOutputItem {
  switch (item.type) {
    case "reasoning":
      return { type: "reasoning", id: item.id, summary: [], content: [], status: "in_progress" };
    case "message":
      return { type: "message", id: item.id, role: "assistant", status: "in_progress", content: [] };
    case "function_call":
      return finishedItem(item, "in_progress", PLAIN);
  }
}

/** The item as `output_item.done` and the final output show it (`status` incomplete when an error cut it). */
export function finishedItem(
  item: OpenItem,
  status: ItemStatus,
  reasoning: ReasoningOutput,
): ResponseOutputItem {
  switch (item.type) {
    case "reasoning": {
      const text = item.text.text();
      return {
        type: "reasoning",
        id: item.id,
        // The summary part exists once there is text, as the stream opens it (reasoning-part-events.ts).
        summary: reasoning.summary && text !== "" ? [{ type: "summary_text", text }] : [],
        content: [{ type: "reasoning_text", text }],
        ...(reasoning.encrypted ? { encrypted_content: encodeReasoningEnvelope(text) } : {}),
        status,
      };
    }
    case "message":
      return {
        type: "message",
        id: item.id,
        role: "assistant",
        status,
        content: [{ type: "output_text", text: item.text.text(), annotations: [], logprobs: [] }],
      };
    case "function_call":
      return {
        type: "function_call",
        id: item.id,
        call_id: item.callId,
        name: item.name,
        arguments: item.text.text(),
        status,
      };
  }
}
