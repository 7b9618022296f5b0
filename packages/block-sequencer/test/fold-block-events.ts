import type { BlockEvent } from "@sluice/events";
import { checkStreamEvents } from "@sluice/events/testkit";

export type FoldedBlock =
  | { readonly type: "thinking"; readonly thinking: string; readonly signature: string }
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly id: string; readonly name: string; readonly json: string };

export interface FoldResult {
  readonly blocks: FoldedBlock[];
  /** Violations of docs/architecture.md I1 (block grammar) and I2 (tool input, ids); empty when all hold. */
  readonly problems: string[];
}

/**
 * Folds block events into blocks, the way a client does, and checks them with the one stream checker
 * (checkStreamEvents: one open block, indexes 0, 1, 2…, deltas that match the block, exactly one signature
 * last in a thinking block, no whitespace-only or padded text or thinking, tool input that parses as one
 * object, valid unique ids). A block still open at the end is a problem too, a cut call's included: the tests
 * that cut one look at the events themselves.
 */
export function foldBlockEvents(events: readonly BlockEvent[]): FoldResult {
  const blocks: FoldedBlock[] = [];
  const problems = checkStreamEvents(events, { blocksOnly: true });
  let open: { kind: string; content: string; signature: string; id: string; name: string } | undefined;
  for (const event of events) {
    switch (event.type) {
      case "block-start":
        open = {
          kind: event.kind,
          content: "",
          signature: "",
          id: event.kind === "tool-call" ? event.id : "",
          name: event.kind === "tool-call" ? event.name : "",
        };
        break;
      case "block-delta":
        if (open === undefined) break;
        if (event.kind === "signature") open.signature = event.text;
        else open.content += event.text;
        break;
      case "block-stop":
        if (open === undefined) break;
        if (open.kind === "thinking")
          blocks.push({ type: "thinking", thinking: open.content, signature: open.signature });
        else if (open.kind === "text") blocks.push({ type: "text", text: open.content });
        else blocks.push({ type: "tool_use", id: open.id, name: open.name, json: open.content });
        open = undefined;
        break;
    }
  }
  if (open?.kind === "tool-call") problems.push(`block ${blocks.length} never stopped`);
  return { blocks, problems };
}
