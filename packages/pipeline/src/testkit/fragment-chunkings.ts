import { randomSplit } from "@sluice/core/testkit";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The structured tool calls of a recorded stream cut differently (docs/architecture.md I3 for `delta.tool_calls`):
 * as recorded, one character of arguments per fragment, and seeded random splits of 1–5 and 1–17 code points,
 * as the conformance runner cuts raw text. A chunk's calls become one chunk per piece, in order, the first
 * carrying the call's id and name and each later one its index (its id where the upstream sent no index); the
 * rest of the chunk (content, usage) comes first and its finish_reason last, as the decoder reads a chunk in
 * that order. Recordings without tool calls, and answers that are not SSE, have only the recorded cut.
 */
export function fragmentChunkings(
  events: readonly string[],
  randomSplits = 4,
  seed = 3,
): { name: string; events: string[] }[] {
  const result = [{ name: "fragments as recorded", events: [...events] }];
  if (!events.some((event) => event.startsWith("data: ") && event.includes('"tool_calls"'))) return result;
  const cut = (split: (text: string) => string[]) => events.flatMap((event) => refragment(event, split));
  result.push({ name: "one character per fragment", events: cut((text) => Array.from(text)) });
  for (let run = 0; run < randomSplits; run++) {
    const runSeed = seed * 1000 + run;
    result.push({
      name: `random fragment split (seed ${runSeed})`,
      events: cut((text) => randomSplit(text, runSeed, run % 2 === 0 ? 5 : 17)),
    });
  }
  return result;
}

function refragment(event: string, split: (text: string) => string[]): string[] {
  const payload = event.startsWith("data: ") ? event.slice(6).trim() : "";
  let chunk: unknown;
  try {
    chunk = JSON.parse(payload);
  } catch {
    return [event];
  }
  const choice = isRecord(chunk) && Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  const delta = isRecord(choice) ? choice.delta : undefined;
  if (!isRecord(chunk) || !isRecord(choice) || !isRecord(delta) || !Array.isArray(delta.tool_calls))
    return [event];
  const calls = delta.tool_calls as unknown[];
  const { tool_calls: _calls, ...rest } = delta;
  const withChoice = (changes: Json): string =>
    `data: ${JSON.stringify({ ...chunk, choices: [{ ...choice, finish_reason: null, stop_reason: null, ...changes }] })}\n\n`;
  const out: string[] = [];
  if (Object.keys(rest).length > 0) out.push(withChoice({ delta: rest }));
  for (const call of calls) {
    const fn = isRecord(call) && isRecord(call.function) ? call.function : undefined;
    const text = typeof fn?.arguments === "string" ? fn.arguments : "";
    const pieces = text.length > 1 ? split(text) : [text];
    pieces.forEach((piece, position) => {
      const head = position === 0 ? { ...(call as Json), function: { ...fn, arguments: piece } } : undefined;
      const follow = isRecord(call)
        ? {
            ...(call.index === undefined
              ? call.id === undefined
                ? {}
                : { id: call.id }
              : { index: call.index }),
            function: { arguments: piece },
          }
        : undefined;
      out.push(withChoice({ delta: { tool_calls: [head ?? follow] } }));
    });
  }
  if (choice.finish_reason !== null && choice.finish_reason !== undefined)
    out.push(
      withChoice({ delta: {}, finish_reason: choice.finish_reason, stop_reason: choice.stop_reason ?? null }),
    );
  return out;
}
