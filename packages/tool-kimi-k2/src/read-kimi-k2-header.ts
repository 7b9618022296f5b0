import { type CallHeaderMatch, readName, skipWhitespace } from "@sluice/tool-kit";
import { kimiFunctionName } from "./kimi-function-name";
import { ARGUMENT_BEGIN } from "./kimi-k2-markers";

const HOLD_HEADER: CallHeaderMatch = { kind: "hold" };
const NOT_A_HEADER: CallHeaderMatch = { kind: "invalid" };
const OPEN_BRACE = 123;
// Whitespace tolerated around the id (servers may put spaces around special tokens).
const MAX_WHITESPACE = 64;
// `functions.` + a name + `:IDX`, with room for long MCP names.
const MAX_ID_LENGTH = 512;

/**
 * After `<|tool_call_begin|>`: the id `functions.NAME:IDX`, `<|tool_call_argument_begin|>`, then the `{` of the
 * arguments, whitespace tolerated around each. The call is confirmed only by that `{`.
 */
export function readKimiK2Header(buffer: string, from: number, final: boolean): CallHeaderMatch {
  const idStart = skipWhitespace(buffer, from, MAX_WHITESPACE);
  if (idStart === -1) return NOT_A_HEADER;
  if (idStart === buffer.length) return final ? NOT_A_HEADER : HOLD_HEADER;
  const id = readName(buffer, idStart, final, {
    terminator: ARGUMENT_BEGIN,
    maxLength: MAX_ID_LENGTH,
    forbidden: isForbiddenInId,
  });
  if (id.kind !== "name") return id;
  const name = kimiFunctionName(id.name.trim());
  if (name === undefined) return NOT_A_HEADER;
  const argumentsStart = skipWhitespace(buffer, id.end, MAX_WHITESPACE);
  if (argumentsStart === -1) return NOT_A_HEADER;
  if (argumentsStart === buffer.length) return final ? NOT_A_HEADER : HOLD_HEADER;
  return buffer.charCodeAt(argumentsStart) === OPEN_BRACE
    ? { kind: "call", name, argumentsStart }
    : NOT_A_HEADER;
}

function isForbiddenInId(code: number): boolean {
  switch (code) {
    case 10: // \n
    case 13: // \r
    case 34: // "
    case 39: // '
    case 60: // < (another marker)
    case 123: // {
    case 125: // }
      return true;
    default:
      return false;
  }
}
