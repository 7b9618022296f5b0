// The same token shape scrubSecrets redacts (RFC 6750 b64token characters).
const BEARER_TOKEN = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;
// As in scrubSecrets: a "key" this short would redact ordinary words.
const MIN_SECRET_LENGTH = 4;

/**
 * `scrubSecrets` over a recording's upstream reads as one text: a key the upstream echoed may be split
 * between two reads, where scrubbing each read alone would leave both halves in the file. The read
 * boundaries stay where they were; one that fell inside a secret moves to the end of `[redacted]`.
 */
export function scrubReads(texts: readonly string[], secrets: readonly string[]): string[] {
  let result = [...texts];
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) {
      result = replaceAcross(result, new RegExp(escapeRegExp(secret), "g"), () => "[redacted]");
    }
  }
  return replaceAcross(result, BEARER_TOKEN, () => "Bearer [redacted]");
}

function replaceAcross(texts: readonly string[], pattern: RegExp, replacement: () => string): string[] {
  const whole = texts.join("");
  const matches = [...whole.matchAll(pattern)];
  if (matches.length === 0) return [...texts];
  let output = "";
  let taken = 0;
  // Each match's start and end in the original text, and where its replacement ends in the output.
  const ranges: { start: number; end: number; outputEnd: number }[] = [];
  for (const match of matches) {
    const start = match.index;
    const end = start + match[0].length;
    output += whole.slice(taken, start) + replacement();
    taken = end;
    ranges.push({ start, end, outputEnd: output.length });
  }
  output += whole.slice(taken);

  // An original position → its position in the output (inside a match: the end of its replacement).
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
