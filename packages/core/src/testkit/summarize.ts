import type { Segment } from "../segment";

/** A tool call as the segments describe it. */
export interface CallSummary {
  readonly callIndex: number;
  readonly name: string;
  readonly upstreamId?: string;
  readonly argumentsJson: string;
  /** `argumentsJson` parsed, or undefined when it does not parse. */
  readonly arguments: unknown;
  readonly ended: boolean;
  /** Its end said `cut`: the arguments stop where the stream did, and the call is never run. */
  readonly cut: boolean;
}

/** What a stream of segments amounts to, in the shape of the peer fixtures. */
export interface StreamSummary {
  /** Concatenated reasoning; null when no reasoning segment came. */
  readonly reasoning: string | null;
  /** Concatenated text; null when no text segment came. */
  readonly content: string | null;
  readonly calls: readonly CallSummary[];
  readonly warnings: readonly { code: string; message: string; raw: string }[];
  readonly markup: string;
}

/**
 * Merges adjacent segments of the same kind (text, reasoning, markup; deltas of the same call),
 * so that two runs that differ only in where chunks were cut compare equal.
 */
export function normalizeSegments(segments: readonly Segment[]): Segment[] {
  const result: Segment[] = [];
  for (const segment of segments) {
    const last = result[result.length - 1];
    if (last !== undefined) {
      if (
        (segment.type === "text" || segment.type === "reasoning" || segment.type === "markup") &&
        last.type === segment.type
      ) {
        if (segment.text.length === 0) continue;
        result[result.length - 1] = { type: segment.type, text: last.text + segment.text };
        continue;
      }
      if (
        segment.type === "tool-call-delta" &&
        last.type === "tool-call-delta" &&
        last.callIndex === segment.callIndex
      ) {
        result[result.length - 1] = {
          type: "tool-call-delta",
          callIndex: segment.callIndex,
          argumentsJson: last.argumentsJson + segment.argumentsJson,
        };
        continue;
      }
    }
    if (
      (segment.type === "text" || segment.type === "reasoning" || segment.type === "markup") &&
      !segment.text
    )
      continue;
    result.push(segment);
  }
  return result;
}

export function summarize(segments: readonly Segment[]): StreamSummary {
  let reasoning: string | null = null;
  let content: string | null = null;
  let markup = "";
  const calls = new Map<
    number,
    { callIndex: number; name: string; upstreamId?: string; json: string; ended: boolean; cut: boolean }
  >();
  const warnings: { code: string; message: string; raw: string }[] = [];
  for (const segment of segments) {
    switch (segment.type) {
      case "reasoning":
        reasoning = (reasoning ?? "") + segment.text;
        break;
      case "text":
        content = (content ?? "") + segment.text;
        break;
      case "markup":
        markup += segment.text;
        break;
      case "warning":
        warnings.push({ code: segment.code, message: segment.message, raw: segment.raw });
        break;
      case "tool-call-start":
        calls.set(segment.callIndex, {
          callIndex: segment.callIndex,
          name: segment.name,
          ...(segment.upstreamId === undefined ? {} : { upstreamId: segment.upstreamId }),
          json: "",
          ended: false,
          cut: false,
        });
        break;
      case "tool-call-delta": {
        const call = calls.get(segment.callIndex);
        if (call) call.json += segment.argumentsJson;
        break;
      }
      case "tool-call-end": {
        const call = calls.get(segment.callIndex);
        if (call) {
          call.ended = true;
          call.cut = segment.cut === true;
        }
        break;
      }
    }
  }
  return {
    reasoning,
    content,
    markup,
    warnings,
    calls: [...calls.values()].map((call) => ({
      callIndex: call.callIndex,
      name: call.name,
      ...(call.upstreamId === undefined ? {} : { upstreamId: call.upstreamId }),
      argumentsJson: call.json,
      arguments: parseOrUndefined(call.json),
      ended: call.ended,
      cut: call.cut,
    })),
  };
}

function parseOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
