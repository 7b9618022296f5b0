import { type CallHeaderMatch, readName, skipWhitespace } from "@sluice/tool-kit";
import { TOOL_SEP } from "./deepseek-v31-markers";
import { isForbiddenInName } from "./is-forbidden-in-name";
import { readDeepseekV3Header } from "./read-deepseek-v3-header";

const HOLD_HEADER: CallHeaderMatch = { kind: "hold" };
const NOT_A_HEADER: CallHeaderMatch = { kind: "invalid" };
const OPEN_BRACE = 123;
const MAX_WHITESPACE = 64;
const MAX_NAME_LENGTH = 256;
const WHITESPACE = /\s/;
// V3 writes the call's type before the separator, and the name after it.
const V3_TYPE = "function";

/**
 * After `<｜tool▁call▁begin｜>`: V3.1's `NAME<｜tool▁sep｜>{`, or V3's `function<｜tool▁sep｜>NAME\n```json\n{`
 * (docs/dialects.md §3, `deepseek_v31`), whitespace tolerated around the name. `function<｜tool▁sep｜>{` is V3.1's call
 * of a tool named `function`. The call is confirmed only by the `{` of its arguments.
 */
export function readDeepseekV31Header(buffer: string, from: number, final: boolean): CallHeaderMatch {
  const nameStart = skipWhitespace(buffer, from, MAX_WHITESPACE);
  if (nameStart === -1) return NOT_A_HEADER;
  if (nameStart === buffer.length) return final ? NOT_A_HEADER : HOLD_HEADER;
  const read = readName(buffer, nameStart, final, {
    terminator: TOOL_SEP,
    maxLength: MAX_NAME_LENGTH,
    forbidden: isForbiddenInName,
  });
  if (read.kind !== "name") return read;
  const name = read.name.trim();
  if (WHITESPACE.test(name)) return NOT_A_HEADER;
  const at = skipWhitespace(buffer, read.end, MAX_WHITESPACE);
  if (at === -1) return NOT_A_HEADER;
  if (at === buffer.length) return final ? NOT_A_HEADER : HOLD_HEADER;
  if (buffer.charCodeAt(at) === OPEN_BRACE) return { kind: "call", name, argumentsStart: at };
  return name === V3_TYPE ? readDeepseekV3Header(buffer, at, final) : NOT_A_HEADER;
}
