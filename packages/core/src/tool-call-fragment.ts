/**
 * One structured tool-call fragment from `delta.tool_calls` (or a whole call from a JSON answer): what the
 * upstream decoder reads from a server that parses calls itself, and the tool-call merger turns into segments.
 */
export interface ToolCallFragment {
  readonly index?: number;
  readonly id?: string;
  readonly name?: string;
  readonly arguments?: string;
}
