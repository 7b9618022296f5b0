import { isJsonWhitespace } from "@sluice/core";
import { type CallHeaderMatch, skipWhitespace } from "@sluice/tool-kit";
import { FENCE, FENCE_LANGUAGE } from "./deepseek-v31-markers";
import { isForbiddenInName } from "./is-forbidden-in-name";

const HOLD_HEADER: CallHeaderMatch = { kind: "hold" };
const NOT_A_HEADER: CallHeaderMatch = { kind: "invalid" };
const OPEN_BRACE = 123;
const BACKTICK = 96;
const MAX_WHITESPACE = 64;
const MAX_NAME_LENGTH = 256;

/**
 * DeepSeek V3's header after `function<｜tool▁sep｜>`: `NAME\n```json\n{` (docs/dialects.md §3), the
 * fence optional and whitespace tolerated. A call with the opening fence expects its closing one.
 */
export function readDeepseekV3Header(buffer: string, from: number, final: boolean): CallHeaderMatch {
  let index = from;
  while (index < buffer.length) {
    const code = buffer.charCodeAt(index);
    if (isJsonWhitespace(code) || code === BACKTICK) break;
    if (isForbiddenInName(code) || index - from >= MAX_NAME_LENGTH) return NOT_A_HEADER;
    index++;
  }
  if (index === buffer.length) return final ? NOT_A_HEADER : HOLD_HEADER;
  if (index === from) return NOT_A_HEADER;
  const name = buffer.slice(from, index);
  let at = skipWhitespace(buffer, index, MAX_WHITESPACE);
  if (at === -1) return NOT_A_HEADER;
  let fenced = false;
  if (buffer.startsWith(FENCE, at)) {
    fenced = true;
    at += FENCE.length;
    const language = buffer.slice(at, at + FENCE_LANGUAGE.length);
    if (language === FENCE_LANGUAGE) at += FENCE_LANGUAGE.length;
    else if (at + language.length === buffer.length && FENCE_LANGUAGE.startsWith(language))
      return final ? NOT_A_HEADER : HOLD_HEADER;
    at = skipWhitespace(buffer, at, MAX_WHITESPACE);
    if (at === -1) return NOT_A_HEADER;
  } else if (at < buffer.length && buffer.length - at < FENCE.length && FENCE.startsWith(buffer.slice(at))) {
    return final ? NOT_A_HEADER : HOLD_HEADER;
  }
  if (at === buffer.length) return final ? NOT_A_HEADER : HOLD_HEADER;
  if (buffer.charCodeAt(at) !== OPEN_BRACE) return NOT_A_HEADER;
  return fenced
    ? { kind: "call", name, argumentsStart: at, closingFence: FENCE }
    : { kind: "call", name, argumentsStart: at };
}
