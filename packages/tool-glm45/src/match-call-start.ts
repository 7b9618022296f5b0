import { isJsonWhitespace } from "@sluice/core";
import { type CallStartMatch, skipWhitespace } from "@sluice/tool-kit";
import type { Glm45Limits } from "./glm45-limits";
import { ARGUMENT_KEY_OPEN, TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from "./glm45-markers";

const HOLD_START: CallStartMatch = { kind: "hold" };
const NOT_A_CALL: CallStartMatch = { kind: "text" };
// What may follow NAME (after whitespace) for `<tool_call>NAME` to be a call: its first argument or its end.
const CONFIRMERS = [ARGUMENT_KEY_OPEN, TOOL_CALL_CLOSE];

const LESS_THAN = 60;

/**
 * Decides whether the `<tool_call>` at `buffer[index]` opens a call: optional whitespace, NAME (no
 * whitespace, `<`, quotes, braces or `>`; at most `maxNameLength`), optional whitespace, then `<arg_key>`
 * or `</tool_call>` (GLM-4.5 puts a newline after NAME, GLM-4.7 does not; d024: either layout). The name is
 * thus complete and confirmed at once, never emitted as a prefix (vLLM #39757). Anything else after
 * `<tool_call>` is text (d012, d052, d054); `hold` while the buffer ends before that is known (never when
 * `final`). A call's `end` is where the confirming `<arg_key>` or `</tool_call>` starts: the call state reads it
 * next. The caller checks the call-start policy.
 */
export function matchCallStart(
  buffer: string,
  index: number,
  final: boolean,
  limits: Glm45Limits,
): CallStartMatch {
  const nameStart = skipWhitespace(buffer, index + TOOL_CALL_OPEN.length, limits.maxWhitespace);
  if (nameStart === -1) return NOT_A_CALL;
  let at = nameStart;
  while (at < buffer.length) {
    const code = buffer.charCodeAt(at);
    if (isJsonWhitespace(code) || code === LESS_THAN) break;
    if (isForbiddenInName(code) || at - nameStart >= limits.maxNameLength) return NOT_A_CALL;
    at++;
  }
  if (at === buffer.length) return final ? NOT_A_CALL : HOLD_START;
  if (at === nameStart) return NOT_A_CALL;
  const name = buffer.slice(nameStart, at);
  const confirmerStart = skipWhitespace(buffer, at, limits.maxWhitespace);
  if (confirmerStart === -1) return NOT_A_CALL;
  const rest = buffer.length - confirmerStart;
  for (const confirmer of CONFIRMERS) {
    if (buffer.startsWith(confirmer, confirmerStart)) return { kind: "call", name, end: confirmerStart };
    if (rest < confirmer.length && confirmer.startsWith(buffer.slice(confirmerStart)))
      return final ? NOT_A_CALL : HOLD_START;
  }
  return NOT_A_CALL;
}

// Prose and other formats after `<tool_call>`: `{"name": …}` (hermes), `get("x")`, a Jinja `{{ name }}`.
function isForbiddenInName(code: number): boolean {
  switch (code) {
    case 34: // "
    case 39: // '
    case 62: // >
    case 123: // {
    case 125: // }
    case 0xa0: // no-break space
      return true;
    default:
      return false;
  }
}
