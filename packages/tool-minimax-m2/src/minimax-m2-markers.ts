import { createMarkerSet } from "@sluice/core";

// The markers as MiniMax M2's chat template writes them, exactly as text (none is a special token).
export const BLOCK_OPEN = "<minimax:tool_call>";
export const BLOCK_CLOSE = "</minimax:tool_call>";
export const INVOKE_OPEN = "<invoke name=";
export const INVOKE_CLOSE = "</invoke>";
export const PARAMETER_OPEN = "<parameter name=";
export const PARAMETER_CLOSE = "</parameter>";

/** Outside a block: only the wrapper starts a call. */
export const TEXT_MARKERS = createMarkerSet([BLOCK_OPEN]);
/** After `</invoke>`, still inside the wrapper: the next invoke, the wrapper's close, or a new wrapper. */
export const BLOCK_MARKERS = createMarkerSet([INVOKE_OPEN, BLOCK_CLOSE, BLOCK_OPEN]);
/** Between the parameters of an invoke; `<invoke name=` there means the model left out `</invoke>`. */
export const INVOKE_MARKERS = createMarkerSet([PARAMETER_OPEN, INVOKE_CLOSE, BLOCK_CLOSE, INVOKE_OPEN]);
/** Inside a value: every tag that may close it, and the literal openers that nest. */
export const VALUE_MARKERS = createMarkerSet([
  PARAMETER_CLOSE,
  PARAMETER_OPEN,
  INVOKE_CLOSE,
  INVOKE_OPEN,
  BLOCK_CLOSE,
  BLOCK_OPEN,
]);
