import type { UpstreamDelta } from "./upstream-delta";

/** `arguments`: one structured tool call's argument fragment (a parsing server's `delta.tool_calls`). */
type TextField = "content" | "reasoning" | "arguments";

interface ChunkTemplate {
  readonly prefix: string;
  readonly suffix: string;
  readonly field: TextField;
  /** The tool call's `index` (part of the prefix), for `arguments`. */
  readonly index: number;
}

const RAW_KEYS: readonly { readonly key: string; readonly field: TextField }[] = [
  { key: '"content":', field: "content" },
  { key: '"reasoning":', field: "reasoning" },
  { key: '"reasoning_content":', field: "reasoning" },
  { key: '"arguments":', field: "arguments" },
];
const QUOTE = 34;
const BACKSLASH = 92;
// Text and reasoning alternate, and two tool calls' fragments may interleave.
const MAX_TEMPLATES = 3;
const NEEDS_JSON_PARSE = /["\\\u0000-\u001f]/;

/** Returned by `match` for a chunk that carries nothing (its text is `""`). */
export const NO_DELTA: UpstreamDelta = Object.freeze({});

/**
 * The decoder's fast path (docs/architecture.md §4: a faster hand-written narrowing where a benchmark shows it
 * matters; JSON.parse of a whole chunk is most of the per-chunk cost). Servers repeat every byte of a
 * chunk but the delta's text (vLLM and SGLang keep id, created, model fixed per request). After a
 * chunk whose only payload is one `content` or `reasoning` string, the text around that string is
 * remembered; a later data line with exactly that prefix and suffix and a middle that is ONE JSON
 * string token is the same document with another string, so only the string is parsed. Anything
 * else goes the slow way (JSON.parse + narrowChunk) and may teach a new template. Exact by
 * construction; test/chunk-template-cache.test.ts holds it to the slow path.
 */
export class ChunkTemplateCache {
  private templates: ChunkTemplate[] = [];

  /** The deltas of `data` if it fits a known template (`NO_DELTA` for empty text), else undefined. */
  match(data: string): UpstreamDelta | undefined {
    for (const template of this.templates) {
      const end = data.length - template.suffix.length;
      if (end - template.prefix.length < 2) continue;
      // slice + === compares with memcmp; startsWith walks a 150-character prefix one code unit at a
      // time (measured here: 75 ns against 500–1000 ns a chunk).
      if (data.slice(0, template.prefix.length) !== template.prefix || data.slice(end) !== template.suffix)
        continue;
      const start = template.prefix.length;
      if (data.charCodeAt(start) !== QUOTE || data.charCodeAt(end - 1) !== QUOTE) continue;
      let text = data.slice(start + 1, end - 1);
      // Most deltas have no escapes: then the string between the quotes is the value (no quote,
      // backslash or control character inside means it is one JSON string token as it stands).
      if (NEEDS_JSON_PARSE.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.slice(start, end));
        } catch {
          continue;
        }
        if (typeof parsed !== "string") continue;
        text = parsed;
      }
      // An empty argument fragment is still a fragment (it may be the one that carries nothing but its index).
      if (template.field === "arguments")
        return { toolCallFragments: [{ index: template.index, arguments: text }] };
      if (text.length === 0) return NO_DELTA;
      return template.field === "content" ? { content: text } : { reasoning: text };
    }
    return undefined;
  }

  /** After the slow path: remember the template of a chunk that carried exactly one text field. */
  learn(data: string, deltas: readonly UpstreamDelta[]): void {
    if (deltas.length !== 1) return;
    const delta = deltas[0] as UpstreamDelta;
    let field: TextField;
    let value: string;
    let keys = 0;
    for (const _ in delta) keys++;
    if (keys !== 1) return;
    let index = 0;
    if (delta.content !== undefined) {
      field = "content";
      value = delta.content;
    } else if (delta.reasoning !== undefined) {
      field = "reasoning";
      value = delta.reasoning;
    } else {
      // One fragment that is only an index and an arguments string: what a parsing server repeats per token.
      const fragments = delta.toolCallFragments;
      const fragment = fragments?.length === 1 ? fragments[0] : undefined;
      if (fragment?.arguments === undefined || fragment.index === undefined) return;
      if (fragment.id !== undefined || fragment.name !== undefined) return;
      field = "arguments";
      value = fragment.arguments;
      index = fragment.index;
    }
    // Both reasoning names with text (vLLM during its rename): which one wins depends on both, so
    // the chunk is not "one string"; leave it to the slow path.
    if (
      field === "reasoning" &&
      hasStringValue(data, '"reasoning":') &&
      hasStringValue(data, '"reasoning_content":')
    )
      return;
    for (const raw of RAW_KEYS) {
      if (raw.field !== field) continue;
      const keyAt = data.indexOf(raw.key);
      if (keyAt === -1 || data.indexOf(raw.key, keyAt + 1) !== -1) continue;
      let start = keyAt + raw.key.length;
      while (data.charCodeAt(start) === 32) start++;
      const end = stringTokenEnd(data, start);
      if (end === -1) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.slice(start, end));
      } catch {
        continue;
      }
      if (parsed !== value) continue;
      const template = { prefix: data.slice(0, start), suffix: data.slice(end), field, index };
      this.templates = [
        template,
        ...this.templates.filter((known) => known.field !== field || known.index !== index),
      ].slice(0, MAX_TEMPLATES);
      return;
    }
  }
}

/** The index just after the JSON string token starting at `start`, or -1. */
function stringTokenEnd(text: string, start: number): number {
  if (text.charCodeAt(start) !== QUOTE) return -1;
  for (let index = start + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index++;
    else if (code === QUOTE) return index + 1;
  }
  return -1;
}

function hasStringValue(data: string, key: string): boolean {
  const keyAt = data.indexOf(key);
  if (keyAt === -1) return false;
  let at = keyAt + key.length;
  while (data.charCodeAt(at) === 32) at++;
  return data.charCodeAt(at) === QUOTE;
}
