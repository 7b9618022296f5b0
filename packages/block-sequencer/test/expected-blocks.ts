import type { Segment } from "@sluice/core";

export type ExpectedBlock =
  | { readonly type: "thinking"; readonly thinking: string }
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly name: string; readonly json: string };

/**
 * A reference model of the sequencer, written the obvious, non-incremental way: each call is one
 * atom at its start's position holding all its arguments; text and reasoning, in order, merge into
 * blocks; whitespace-only text opens and closes nothing; and every thinking and text block, once
 * whole, loses its leading and trailing whitespace (template separators, docs/dialects.md §1).
 */
export function expectedBlocks(
  segments: readonly Segment[],
  options: { disableParallelToolUse?: boolean } = {},
) {
  type Mutable =
    | { type: "thinking"; thinking: string }
    | { type: "text"; text: string }
    | { type: "tool_use"; name: string; json: string };
  const blocks: Mutable[] = [];
  const calls = new Map<number, { type: "tool_use"; name: string; json: string }>();
  let open: "thinking" | "text" | undefined;
  for (const segment of segments) {
    if (segment.type === "tool-call-start") {
      if (options.disableParallelToolUse && calls.size > 0) {
        calls.set(segment.callIndex, { type: "tool_use", name: segment.name, json: "" });
        continue;
      }
      const call = { type: "tool_use" as const, name: segment.name, json: "" };
      calls.set(segment.callIndex, call);
      blocks.push(call);
      open = undefined;
    } else if (segment.type === "tool-call-delta") {
      const call = calls.get(segment.callIndex);
      if (call) call.json += segment.argumentsJson;
    } else if ((segment.type === "reasoning" || segment.type === "text") && segment.text !== "") {
      const kind = segment.type === "reasoning" ? "thinking" : "text";
      const last = blocks[blocks.length - 1];
      if (open === kind && last !== undefined) {
        if (last.type === "thinking") last.thinking += segment.text;
        else if (last.type === "text") last.text += segment.text;
      } else if (trimSeparators(segment.text) !== "") {
        const text = segment.text;
        blocks.push(kind === "thinking" ? { type: "thinking", thinking: text } : { type: "text", text });
        open = kind;
      }
    }
  }
  return blocks.map((block): ExpectedBlock => {
    if (block.type === "thinking") return { type: "thinking", thinking: trimSeparators(block.thinking) };
    if (block.type === "text") return { type: "text", text: trimSeparators(block.text) };
    return block.json === "" ? { ...block, json: "{}" } : block;
  });
}

/** The ASCII whitespace a chat template puts around markup, at both ends. */
export function trimSeparators(text: string): string {
  return text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
}
