import type { Segment } from "../segment";

/**
 * Checks what every segment stream must satisfy, whatever the dialect: every call starts once,
 * gets deltas only while open, ends once; its arguments concatenate to one JSON object, or, when its end
 * says it was cut, to text that is not one (nothing closed it by a guess, docs/dialects.md §2); and,
 * when `input` is given, conservation: reasoning + text + markup, in order, equals the input.
 * Returns the problems found (empty when none), so property tests can use it too.
 */
export function checkSegmentInvariants(segments: readonly Segment[], input?: string): string[] {
  const problems: string[] = [];
  const open = new Map<number, string>();
  const seen = new Set<number>();
  let conserved = "";
  for (const segment of segments) {
    switch (segment.type) {
      case "reasoning":
      case "text":
      case "markup":
        conserved += segment.text;
        break;
      case "tool-call-start":
        if (seen.has(segment.callIndex)) problems.push(`call ${segment.callIndex} started twice`);
        if (!segment.name) problems.push(`call ${segment.callIndex} has an empty name`);
        seen.add(segment.callIndex);
        open.set(segment.callIndex, "");
        break;
      case "tool-call-delta": {
        const json = open.get(segment.callIndex);
        if (json === undefined) problems.push(`delta for call ${segment.callIndex} that is not open`);
        else open.set(segment.callIndex, json + segment.argumentsJson);
        break;
      }
      case "tool-call-end": {
        const json = open.get(segment.callIndex);
        if (json === undefined) {
          problems.push(`end for call ${segment.callIndex} that is not open`);
          break;
        }
        open.delete(segment.callIndex);
        // A cut call's arguments are incomplete by definition: complete JSON would mean something closed them.
        if (segment.cut === true) {
          if (parses(json))
            problems.push(
              `call ${segment.callIndex} was cut, but its arguments were closed: ${json.slice(0, 200)}`,
            );
          break;
        }
        let value: unknown;
        try {
          value = JSON.parse(json);
        } catch {
          problems.push(`call ${segment.callIndex} arguments are not JSON: ${json.slice(0, 200)}`);
          break;
        }
        if (value === null || typeof value !== "object" || Array.isArray(value))
          problems.push(`call ${segment.callIndex} arguments are not a JSON object: ${json.slice(0, 200)}`);
        break;
      }
      case "warning":
        break;
    }
  }
  for (const callIndex of open.keys()) problems.push(`call ${callIndex} never ended`);
  if (input !== undefined && conserved !== input) {
    let at = 0;
    while (at < input.length && input[at] === conserved[at]) at++;
    problems.push(
      `conservation: output differs from input at ${at}: input ${JSON.stringify(input.slice(at, at + 40))}, output ${JSON.stringify(conserved.slice(at, at + 40))}`,
    );
  }
  return problems;
}

function parses(json: string): boolean {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}
