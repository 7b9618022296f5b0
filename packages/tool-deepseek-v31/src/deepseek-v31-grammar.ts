import type { JsonToolCallGrammar } from "@sluice/tool-kit";
import { CALL_BEGIN, CALL_END, CALLS_BEGIN, CALLS_END, END_OF_SENTENCE } from "./deepseek-v31-markers";
import { readDeepseekV31Header } from "./read-deepseek-v31-header";

/**
 * `<｜tool▁calls▁begin｜>` (`<｜tool▁call▁begin｜>` header {json} `<｜tool▁call▁end｜>`)* `<｜tool▁calls▁end｜>`,
 * then often `<｜end▁of▁sentence｜>` as text (docs/dialects.md §3).
 */
export const DEEPSEEK_V31_GRAMMAR: JsonToolCallGrammar = {
  dialect: "deepseek_v31",
  sectionOpeners: [CALLS_BEGIN],
  sectionClosers: [CALLS_END],
  callOpener: CALL_BEGIN,
  callCloser: CALL_END,
  trailingMarkers: [END_OF_SENTENCE],
  readHeader: readDeepseekV31Header,
};
