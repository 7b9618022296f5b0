/** What a stretch of the model's raw text is, as the exchange view colours it. */
export type MarkupKind =
  | "text"
  | "reasoning"
  | "think-tag"
  | "tool-tag"
  | "function"
  | "parameter"
  | "value"
  | "tool-arguments";

export interface MarkupRange {
  readonly start: number;
  readonly end: number;
  readonly kind: MarkupKind;
}

// The families' markers (docs/dialects.md), loosely: this only colours text for a reader, the
// dialect packages do the parsing. Reasoning tags; call wrappers and special tokens; function and parameter tags.
const MARKER = new RegExp(
  [
    String.raw`<\/?(?:seed:)?think>|◁\/?think▷|\[\/?THINK\]`,
    String.raw`<\/?(?:minimax:)?tool_calls?>|\[TOOL_CALLS\]|\[ARGS\]|\[CALL_ID\]|<\|[^|<>\s]{1,40}\|>|<｜[^｜<>]{1,40}｜>`,
    String.raw`<function=[^>\n]{0,200}>|<\/function>|<[^<>\s]{0,20}invoke(?:\s[^>\n]{0,200})?>|<\/[^<>\s]{0,20}invoke>`,
    String.raw`<parameter=[^>\n]{0,200}>|<[^<>\s]{0,20}parameter\s[^>\n]{0,200}>|<\/[^<>\s]{0,20}parameter>|<\/?arg_(?:key|value)>`,
  ].join("|"),
  "g",
);

const MARKER_KINDS: ReadonlySet<MarkupKind> = new Set(["think-tag", "tool-tag", "function", "parameter"]);

/**
 * The raw text cut into coloured ranges that cover it: reasoning and what its tags enclose, call markers,
 * function and parameter tags, parameter values, and the rest of a call (JSON arguments). Run once on the
 * whole text of an exchange when it is opened, never on the stream's path.
 */
export function highlightMarkup(text: string): MarkupRange[] {
  const ranges: MarkupRange[] = [];
  const push = (start: number, end: number, kind: MarkupKind): void => {
    if (end <= start) return;
    const last = ranges[ranges.length - 1];
    // Body text runs on across matches; two markers side by side stay two.
    if (last !== undefined && last.kind === kind && last.end === start && !MARKER_KINDS.has(kind))
      ranges[ranges.length - 1] = { start: last.start, end, kind };
    else ranges.push({ start, end, kind });
  };
  // A template that opens thinking itself (Qwen3.5, DeepSeek-R1) streams reasoning with only its closing tag.
  const firstClose = text.search(/<\/(?:seed:)?think>|◁\/think▷|\[\/THINK\]/);
  const firstOpen = text.search(/<(?:seed:)?think>|◁think▷|\[THINK\]/);
  let thinking = firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen);
  let inCall = false;
  let inValue = false;
  let at = 0;
  const body = (): MarkupKind =>
    thinking ? "reasoning" : inValue ? "value" : inCall ? "tool-arguments" : "text";
  for (const match of text.matchAll(MARKER)) {
    const marker = match[0];
    const start = match.index;
    push(at, start, body());
    let kind: MarkupKind;
    if (/think/i.test(marker) && !/tool|invoke|parameter/.test(marker)) {
      kind = "think-tag";
      thinking = !marker.includes("/");
    } else if (/parameter|arg_/.test(marker)) {
      kind = "parameter";
      const closing = marker.startsWith("</");
      // `<arg_key>` encloses a name, `<arg_value>` and `<parameter=…>` a value.
      inValue = !closing && !marker.includes("arg_key");
      inCall = true;
    } else if (/function|invoke/.test(marker)) {
      kind = "function";
      inCall = !marker.startsWith("</") || inCall;
      inValue = false;
    } else {
      kind = "tool-tag";
      if (/end|\/|close/i.test(marker) && !/begin|start/i.test(marker)) inCall = false;
      else if (/tool|TOOL|ARGS|call|begin/i.test(marker)) inCall = true;
      inValue = false;
    }
    push(start, start + marker.length, kind);
    at = start + marker.length;
  }
  push(at, text.length, body());
  return ranges;
}
