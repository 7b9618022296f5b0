import type { ContentBlockParam, SystemParam } from "@sluice/protocol-anthropic";
import type { ChatSystemMessage } from "@sluice/upstream-chat";
import { blockTypeName } from "./block-type-name";

// Claude Code's first system block changes every request and defeats prefix caching (docs/protocol.md A1).
const BILLING_HEADER_PREFIX = "x-anthropic-billing-header:";

/**
 * System content (string or blocks) → the text of one system message: billing-header blocks and
 * empty blocks dropped, the rest joined by a blank line; non-text blocks dropped with a warning.
 */
export function systemText(
  content: SystemParam | readonly ContentBlockParam[],
  path: string,
  warnings: string[],
): string {
  if (typeof content === "string") return content;
  const texts: string[] = [];
  content.forEach((block, index) => {
    if (block.type !== "text") {
      warnings.push(`${path}.${index}: dropped ${blockTypeName(block)} block (system content is text only)`);
      return;
    }
    if (block.text === "" || block.text.startsWith(BILLING_HEADER_PREFIX)) return;
    texts.push(block.text);
  });
  return texts.join("\n\n");
}

/** The request's `system` → zero or one leading system message. */
export function translateSystem(system: SystemParam | undefined, warnings: string[]): ChatSystemMessage[] {
  if (system === undefined) return [];
  const content = systemText(system, "system", warnings);
  return content === "" ? [] : [{ role: "system", content }];
}
