import type { Segment } from "@sluice/core";
import { cutAt } from "@sluice/core/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectedBlocks } from "./expected-blocks";
import { sequence, withoutIds } from "./sequence";

type Item =
  | { readonly kind: "reasoning" | "text"; readonly text: string; readonly cuts: readonly number[] }
  | {
      readonly kind: "call";
      readonly name: string;
      readonly upstreamId: string | undefined;
      readonly pieces: readonly string[];
      readonly ends: boolean;
    }
  | { readonly kind: "noise"; readonly segment: Segment };

// Whitespace-only text is where the sequencer decides most, so it comes often.
const prose = fc.oneof(
  fc.constantFrom("", " ", "\n\n", "\t "),
  fc
    .array(fc.constantFrom("", " ", "\n", "\n\n", "\t", "a", "word", "é", "😀", "{", "<tool_call>", " x "), {
      maxLength: 6,
    })
    .map((pieces) => pieces.join("")),
);

const argumentPieces = fc
  .dictionary(fc.constantFrom("a", "b", "__proto__", "cmd"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
  .chain((object) => {
    const json = JSON.stringify(object);
    return fc.array(fc.nat(json.length), { maxLength: 4 }).map((cuts) => cutAt(json, cuts));
  });

const item: fc.Arbitrary<Item> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("reasoning" as const, "text" as const),
      text: prose,
      cuts: fc.array(fc.nat(), { maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("call" as const),
      name: fc.constantFrom("bash", "read", "constructor"),
      upstreamId: fc.option(
        fc.constantFrom("", "call_1", "call_1", "__proto__", "functions.Bash:0", "toolu_1"),
        { nil: undefined },
      ),
      pieces: argumentPieces,
      ends: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Item>(
      { kind: "noise", segment: { type: "markup", text: "</think>" } },
      { kind: "noise", segment: { type: "warning", code: "w", message: "m", raw: "r" } },
    ),
  },
);

/**
 * Lays the items out as one segment stream: each call's fragments and end are interleaved with the
 * items after it as `schedule` says (so text, reasoning and other calls arrive while it is open);
 * `split` cuts text into several segments, as chunking does upstream.
 */
function layOut(items: readonly Item[], schedule: readonly number[], split: boolean): Segment[] {
  const segments: Segment[] = [];
  const open: { callIndex: number; pieces: string[]; ends: boolean }[] = [];
  let step = 0;
  const next = () => schedule[step++ % Math.max(schedule.length, 1)] ?? 0;
  const advance = (count: number) => {
    for (let done = 0; done < count && open.length > 0; done++) {
      const at = next() % open.length;
      const call = open[at]!;
      const piece = call.pieces.shift();
      if (piece !== undefined)
        segments.push({ type: "tool-call-delta", callIndex: call.callIndex, argumentsJson: piece });
      else {
        if (call.ends) segments.push({ type: "tool-call-end", callIndex: call.callIndex });
        open.splice(at, 1);
      }
    }
  };
  items.forEach((value, callIndex) => {
    advance(next() % 4);
    if (value.kind === "noise") segments.push(value.segment);
    else if (value.kind === "call") {
      segments.push({
        type: "tool-call-start",
        callIndex,
        name: value.name,
        ...(value.upstreamId === undefined ? {} : { upstreamId: value.upstreamId }),
      });
      open.push({ callIndex, pieces: [...value.pieces], ends: value.ends });
    } else {
      for (const piece of split ? cutAt(value.text, value.cuts) : [value.text])
        segments.push({ type: value.kind, text: piece });
    }
  });
  advance(Number.POSITIVE_INFINITY);
  return segments;
}

describe("the sequencer against a reference model (fast-check)", () => {
  it("gives the reference blocks, valid grammar and ids, whatever the interleaving and the chunking (I1, I2, I3)", () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 16 }),
        fc.boolean(),
        (items, schedule, disableParallelToolUse) => {
          const whole = layOut(items, schedule, false);
          const split = layOut(items, schedule, true);
          const reference = sequence(whole, { disableParallelToolUse });
          expect(reference.problems).toEqual([]);
          expect(withoutIds(reference.blocks)).toEqual(expectedBlocks(whole, { disableParallelToolUse }));
          const chunked = sequence(split, { disableParallelToolUse });
          expect(chunked.problems).toEqual([]);
          expect(chunked.blocks).toEqual(reference.blocks);
          // Nothing waits for end() but the last block, unless a call never ended.
          if (!items.some((value) => value.kind === "call" && !value.ends)) {
            const atEnd = chunked.events.slice(chunked.eventsBeforeEnd);
            const late = atEnd.filter(
              (event) =>
                event.type === "block-start" || (event.type === "block-delta" && event.kind !== "signature"),
            );
            expect(late).toEqual([]);
            expect(atEnd.filter((event) => event.type === "block-stop").length).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("loses no non-whitespace character of text or reasoning (I4)", () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 16 }),
        (items, schedule) => {
          const segments = layOut(items, schedule, true);
          const { blocks } = sequence(segments);
          const visible = (kind: string) =>
            segments
              .map((segment) => (segment.type === kind && "text" in segment ? segment.text : ""))
              .join("")
              .replace(/\s/g, "");
          const emitted = (type: "thinking" | "text") =>
            blocks
              .map((block) =>
                block.type === "thinking" && type === "thinking"
                  ? block.thinking
                  : block.type === "text" && type === "text"
                    ? block.text
                    : "",
              )
              .join("")
              .replace(/\s/g, "");
          expect(emitted("thinking")).toBe(visible("reasoning"));
          expect(emitted("text")).toBe(visible("text"));
        },
      ),
      { numRuns: 300 },
    );
  });
});
