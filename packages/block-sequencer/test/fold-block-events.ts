import type { ContentBlockEvent } from "@sluice/protocol-anthropic";

export type FoldedBlock =
  | { readonly type: "thinking"; readonly thinking: string; readonly signature: string }
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool_use"; readonly id: string; readonly name: string; readonly json: string };

export interface FoldResult {
  readonly blocks: FoldedBlock[];
  /** Violations of docs/architecture.md I1 (block grammar) and I2 (tool input, ids); empty when all hold. */
  readonly problems: string[];
}

const TOOL_ID = /^[a-zA-Z0-9_-]+$/;
const DELTA_FOR_BLOCK = {
  thinking: "thinking_delta",
  text: "text_delta",
  tool_use: "input_json_delta",
} as const;

/**
 * Folds content-block events into blocks, the way a client does, and checks the grammar on the way:
 * one open block, indexes 0, 1, 2…, a start shape as docs/protocol.md A4 gives it, deltas that match the
 * block, exactly one signature_delta last in a thinking block, no whitespace-only text or thinking,
 * tool input that parses as one object, valid unique ids.
 */
export function foldBlockEvents(events: readonly ContentBlockEvent[]): FoldResult {
  const blocks: FoldedBlock[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  let open:
    | {
        type: "thinking" | "text" | "tool_use";
        content: string;
        signatures: number;
        id: string;
        name: string;
      }
    | undefined;
  for (const event of events) {
    switch (event.type) {
      case "content_block_start": {
        if (open !== undefined)
          problems.push(`block ${event.index} starts while block ${blocks.length} is open`);
        if (event.index !== blocks.length)
          problems.push(`block index ${event.index}, expected ${blocks.length}`);
        const block = event.content_block;
        if (block.type === "thinking" && (block.thinking !== "" || block.signature !== ""))
          problems.push(`thinking block ${event.index} does not start empty`);
        if (block.type === "text" && block.text !== "")
          problems.push(`text block ${event.index} does not start empty`);
        if (block.type === "tool_use") {
          if (JSON.stringify(block.input) !== "{}")
            problems.push(`tool block ${event.index} starts with input`);
          if (!TOOL_ID.test(block.id)) problems.push(`tool id ${JSON.stringify(block.id)} is invalid`);
          if (ids.has(block.id)) problems.push(`tool id ${block.id} is used twice`);
          ids.add(block.id);
        }
        open = {
          type: block.type,
          content: "",
          signatures: 0,
          id: block.type === "tool_use" ? block.id : "",
          name: block.type === "tool_use" ? block.name : "",
        };
        break;
      }
      case "content_block_delta": {
        if (open === undefined || event.index !== blocks.length) {
          problems.push(`delta for block ${event.index}, which is not open`);
          break;
        }
        const delta = event.delta;
        if (delta.type === "signature_delta") {
          if (open.type !== "thinking") problems.push(`signature_delta in a ${open.type} block`);
          open.signatures++;
          open.id = delta.signature;
          break;
        }
        if (delta.type !== DELTA_FOR_BLOCK[open.type]) problems.push(`${delta.type} in a ${open.type} block`);
        if (open.signatures > 0) problems.push(`${delta.type} after the signature`);
        const piece =
          delta.type === "thinking_delta"
            ? delta.thinking
            : delta.type === "text_delta"
              ? delta.text
              : delta.partial_json;
        if (piece === "") problems.push(`empty ${delta.type}`);
        open.content += piece;
        break;
      }
      case "content_block_stop": {
        if (open === undefined || event.index !== blocks.length) {
          problems.push(`stop for block ${event.index}, which is not open`);
          break;
        }
        if (open.type !== "tool_use" && open.content.trim() === "")
          problems.push(`${open.type} block ${event.index} is empty or whitespace only`);
        if (open.type === "thinking") {
          if (open.signatures !== 1)
            problems.push(`thinking block ${event.index} has ${open.signatures} signatures`);
          blocks.push({ type: "thinking", thinking: open.content, signature: open.id });
        } else if (open.type === "text") {
          blocks.push({ type: "text", text: open.content });
        } else {
          if (!isJsonObject(open.content))
            problems.push(`tool block ${event.index} input is not one object: ${open.content}`);
          blocks.push({ type: "tool_use", id: open.id, name: open.name, json: open.content });
        }
        open = undefined;
        break;
      }
    }
  }
  if (open !== undefined) problems.push(`block ${blocks.length} never stopped`);
  return { blocks, problems };
}

function isJsonObject(json: string): boolean {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value);
  } catch {
    return false;
  }
}
