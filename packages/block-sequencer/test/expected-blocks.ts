import type { Segment } from "@sluice/core";

export type ExpectedBlock =
  | { readonly type: "thinking"; readonly thinking: string }
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly name: string; readonly json: string };

/**
 * A reference model of the sequencer, written the obvious, non-incremental way: each call is one
 * atom at its start's position holding all its arguments; text and reasoning, in order, merge into
 * blocks; whitespace-only text opens no block and joins the next block of its kind only if nothing
 * of another kind comes first.
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
  let held: { kind: "reasoning" | "text"; text: string } | undefined;
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
      held = undefined;
    } else if (segment.type === "tool-call-delta") {
      const call = calls.get(segment.callIndex);
      if (call) call.json += segment.argumentsJson;
    } else if ((segment.type === "reasoning" || segment.type === "text") && segment.text !== "") {
      const kind = segment.type === "reasoning" ? "thinking" : "text";
      if (held !== undefined && held.kind !== segment.type) held = undefined;
      const last = blocks[blocks.length - 1];
      if (open === kind && last !== undefined) {
        if (last.type === "thinking") last.thinking += segment.text;
        else if (last.type === "text") last.text += segment.text;
      } else if (segment.text.trim() === "") {
        held = { kind: segment.type, text: (held?.text ?? "") + segment.text };
      } else {
        const text = (held?.text ?? "") + segment.text;
        held = undefined;
        blocks.push(kind === "thinking" ? { type: "thinking", thinking: text } : { type: "text", text });
        open = kind;
      }
    }
  }
  return blocks.map(
    (block): ExpectedBlock =>
      block.type === "tool_use" && block.json === "" ? { ...block, json: "{}" } : block,
  );
}
