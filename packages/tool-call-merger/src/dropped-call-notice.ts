/**
 * The text a client gets in place of a structured tool call that Sluice dropped before any of it reached the
 * client (docs/dialects.md §2: a dropped call is never silent). It is its own paragraph, so it reads apart
 * from the model's text around it; the block sequencer drops the blank lines at a block's edges.
 */
export function droppedCallNotice(name: string | undefined, reason: string): string {
  const call = name === undefined ? "a tool call" : `the tool call ${JSON.stringify(name)}`;
  return `\n\n[Sluice dropped ${call} from the model: ${reason}. Nothing was run.]\n\n`;
}
