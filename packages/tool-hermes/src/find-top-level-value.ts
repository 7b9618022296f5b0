/** Where a value sits in JSON text: `json.slice(start, end)`. */
export interface ValueSpan {
  readonly start: number;
  readonly end: number;
}

const QUOTE = 34; // "
const BACKSLASH = 92; // \

/**
 * The source span of `key`'s value in the top-level object of `json` (the last one when the key
 * repeats, as JSON.parse decides), or undefined. `json` must be valid JSON (it parsed): this walks
 * it once to recover the value's exact bytes (t071: `{"trigger": true}` must come out as written).
 */
export function findTopLevelValue(json: string, key: string): ValueSpan | undefined {
  const length = json.length;
  let found: ValueSpan | undefined;
  let index = skipWhitespace(json, 0) + 1; // past the opening brace
  for (;;) {
    index = skipWhitespace(json, index);
    if (index >= length || json.charCodeAt(index) !== QUOTE) return found;
    const keyEnd = skipString(json, index);
    const rawKey = json.slice(index + 1, keyEnd - 1);
    const name = rawKey.indexOf("\\") === -1 ? rawKey : (JSON.parse(json.slice(index, keyEnd)) as string);
    index = skipWhitespace(json, keyEnd) + 1; // past the colon
    const start = skipWhitespace(json, index);
    const end = skipValue(json, start);
    if (name === key) found = { start, end };
    index = skipWhitespace(json, end);
    if (json.charCodeAt(index) !== 44) return found; // no comma: the object closes here
    index++;
  }
}

function skipWhitespace(json: string, from: number): number {
  let index = from;
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
    index++;
  }
  return index;
}

/** From an opening quote to just past its closing quote. */
function skipString(json: string, from: number): number {
  let index = from + 1;
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (code === BACKSLASH) index += 2;
    else if (code === QUOTE) return index + 1;
    else index++;
  }
  return index;
}

/** From a value's first character to just past its last one. */
function skipValue(json: string, from: number): number {
  let index = from;
  let depth = 0;
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (code === QUOTE) {
      index = skipString(json, index);
      if (depth === 0) return index;
      continue;
    }
    if (code === 123 || code === 91) depth++;
    else if (code === 125 || code === 93) {
      if (depth === 0) return trimEnd(json, from, index);
      depth--;
      if (depth === 0) return index + 1;
    } else if (code === 44 && depth === 0) return trimEnd(json, from, index);
    index++;
  }
  return trimEnd(json, from, index);
}

/** A bare value (number, true, null) ends before the whitespace that precedes its delimiter. */
function trimEnd(json: string, start: number, end: number): number {
  let index = end;
  while (index > start) {
    const code = json.charCodeAt(index - 1);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
    index--;
  }
  return index;
}
