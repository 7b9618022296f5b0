/** One replacement in a list of texts, its positions counted in the texts joined. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

/**
 * `texts` (a recording's reads, a stream's deltas) with `edits` applied as if they were one text, the
 * boundaries between them kept where they were; a boundary that fell inside an edited span moves to the
 * end of its replacement, so the pieces after it in the span come out empty. `edits` are in order and do
 * not overlap.
 */
export function editAcross(texts: readonly string[], edits: readonly TextEdit[]): string[] {
  if (edits.length === 0) return [...texts];
  const whole = texts.join("");
  let output = "";
  let taken = 0;
  // Each edit's span in the original text, and where its replacement ends in the output.
  const ranges: { start: number; end: number; outputEnd: number }[] = [];
  for (const edit of edits) {
    output += whole.slice(taken, edit.start) + edit.replacement;
    taken = edit.end;
    ranges.push({ start: edit.start, end: edit.end, outputEnd: output.length });
  }
  output += whole.slice(taken);

  // An original position → its position in the output (inside an edit: the end of its replacement).
  let rangeIndex = 0;
  let shift = 0;
  const mapped = (position: number): number => {
    while (rangeIndex < ranges.length && (ranges[rangeIndex] as { end: number }).end <= position) {
      const range = ranges[rangeIndex] as { start: number; end: number; outputEnd: number };
      shift = range.outputEnd - range.end;
      rangeIndex++;
    }
    const next = ranges[rangeIndex];
    if (next !== undefined && next.start < position) return next.outputEnd;
    return position + shift;
  };
  const pieces: string[] = [];
  let boundary = 0;
  let previous = 0;
  for (const text of texts) {
    boundary += text.length;
    const end = mapped(boundary);
    pieces.push(output.slice(previous, end));
    previous = end;
  }
  return pieces;
}
