import type { JsonToolCallGrammar } from "@sluice/tool-kit";
import {
  CALL_BEGIN,
  CALL_END,
  SECTION_BEGIN,
  SECTION_BEGIN_SINGULAR,
  SECTION_END,
  SECTION_END_SINGULAR,
} from "./kimi-k2-markers";
import { readKimiK2Header } from "./read-kimi-k2-header";

/**
 * `<|tool_calls_section_begin|>` (`<|tool_call_begin|>` id `<|tool_call_argument_begin|>` {json}
 * `<|tool_call_end|>`)* `<|tool_calls_section_end|>` (docs/dialects.md §3).
 */
export const KIMI_K2_GRAMMAR: JsonToolCallGrammar = {
  dialect: "kimi_k2",
  sectionOpeners: [SECTION_BEGIN, SECTION_BEGIN_SINGULAR],
  sectionClosers: [SECTION_END, SECTION_END_SINGULAR],
  callOpener: CALL_BEGIN,
  callCloser: CALL_END,
  trailingMarkers: [],
  readHeader: readKimiK2Header,
};
