import { createParserContext, type Segment } from "@sluice/core";
import { checkSegmentInvariants, normalizeSegments, summarize } from "@sluice/core/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolCallFragment } from "../src";
import { callSegments, type MergerStep, runMerger } from "./run-merger";

const text = (value: string): Segment => ({ type: "text", text: value });
const warningCodes = (segments: readonly Segment[]) =>
  segments.flatMap((segment) => (segment.type === "warning" ? [segment.code] : []));
const calls = (segments: readonly Segment[]) =>
  summarize(segments).calls.map(({ name, upstreamId, arguments: value }) => ({
    name,
    upstreamId,
    arguments: value,
  }));

describe("createToolCallMerger: merging fragments (docs/dialects.md §2)", () => {
  it("emits a whole call that came in one chunk (Ollama, llama.cpp)", () => {
    const { segments, merger, beforeEnd } = runMerger([
      [{ index: 0, id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' }],
    ]);
    expect(beforeEnd).toBe(0);
    expect(segments).toEqual(callSegments(0, "get_weather", '{"city":"Paris"}', "call_1"));
    expect([merger.emittedCalls, merger.droppedCalls]).toEqual([1, 0]);
  });

  it("holds id + name and the argument pieces, then emits one delta with the whole arguments", () => {
    const { segments, beforeEnd } = runMerger([
      [{ index: 0, id: "call_1", name: "bash", arguments: "" }],
      [{ index: 0, arguments: '{"command": ' }],
      [{ index: 0, arguments: '"ls"' }],
      [{ index: 0, arguments: "}" }],
    ]);
    expect(beforeEnd).toBe(0);
    expect(segments).toEqual(callSegments(0, "bash", '{"command": "ls"}', "call_1"));
  });

  it("accepts arguments before the id and name (Dynamo)", () => {
    const withIndex = runMerger([
      [{ index: 0, arguments: '{"a":' }],
      [{ index: 0, arguments: "1}" }],
      [{ index: 0, id: "call_9", name: "f" }],
    ]);
    expect(withIndex.segments).toEqual(callSegments(0, "f", '{"a":1}', "call_9"));
    const withoutIndex = runMerger([[{ arguments: '{"a":1}' }], [{ id: "call_9", name: "f" }]]);
    expect(withoutIndex.segments).toEqual(callSegments(0, "f", '{"a":1}', "call_9"));
  });

  it("does not start a new call for an id repeated on every fragment (vLLM qwen3_xml, nanoclaw#1241)", () => {
    const id = "chatcmpl-tool-9e8d";
    const { segments } = runMerger([
      [{ index: 0, id, name: "bash", arguments: "" }],
      [{ index: 0, id, arguments: '{"command": "' }],
      [{ index: 0, id, name: "bash", arguments: 'ls"}' }],
    ]);
    expect(segments).toEqual(callSegments(0, "bash", '{"command": "ls"}', id));
  });

  it("merges by id where the upstream sends no index", () => {
    const { segments } = runMerger([
      [{ id: "a", name: "f", arguments: '{"x":' }],
      [{ id: "b", name: "g", arguments: '{"y":' }],
      [{ id: "a", arguments: "1}" }],
      [{ id: "b", arguments: "2}" }],
    ]);
    expect(segments).toEqual([
      ...callSegments(0, "f", '{"x":1}', "a"),
      ...callSegments(1, "g", '{"y":2}', "b"),
    ]);
  });

  it("keeps interleaved parallel fragments apart (index 0, 1, 0, 1)", () => {
    const { segments } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: '{"path":' }],
      [{ index: 1, id: "c1", name: "read", arguments: '{"path":' }],
      [{ index: 0, arguments: '"a.txt"}' }],
      [{ index: 1, arguments: '"b.txt"}' }],
    ]);
    expect(segments).toEqual([
      ...callSegments(0, "read", '{"path":"a.txt"}', "c0"),
      ...callSegments(1, "read", '{"path":"b.txt"}', "c1"),
    ]);
  });

  it("counts fragments that arrive after finish_reason (the merger holds every call until end())", () => {
    // The decoder saw finish_reason "tool_calls" after the first delta; the merger is not told.
    const { segments } = runMerger([
      [{ index: 0, id: "c0", name: "write", arguments: '{"path": "a", "text": "hel' }],
      [{ index: 0, arguments: 'lo"}' }],
    ]);
    expect(calls(segments)).toEqual([
      { name: "write", upstreamId: "c0", arguments: { path: "a", text: "hello" } },
    ]);
  });

  it("starts a new call when the index matches a call with a different id", () => {
    const { segments } = runMerger([
      [{ index: 0, id: "first", name: "f", arguments: "{}" }],
      [{ index: 0, id: "second", name: "g", arguments: '{"b":2}' }],
    ]);
    expect(segments).toEqual([
      ...callSegments(0, "f", "{}", "first"),
      ...callSegments(1, "g", '{"b":2}', "second"),
    ]);
  });

  it("starts a new call for a named fragment without index or id after a named call", () => {
    const { segments } = runMerger([
      [{ name: "f", arguments: '{"a":1}' }],
      [{ name: "g", arguments: '{"b":2}' }],
    ]);
    expect(segments).toEqual([...callSegments(0, "f", '{"a":1}'), ...callSegments(1, "g", '{"b":2}')]);
  });

  it("keeps `__proto__` and `constructor` as ordinary ids", () => {
    const { segments } = runMerger([
      [{ id: "__proto__", name: "f", arguments: '{"a":' }],
      [{ id: "constructor", name: "g", arguments: "{}" }],
      [{ id: "__proto__", arguments: "1}" }],
    ]);
    expect(segments).toEqual([
      ...callSegments(0, "f", '{"a":1}', "__proto__"),
      ...callSegments(1, "g", "{}", "constructor"),
    ]);
  });

  it("takes call indexes from the stream's shared context", () => {
    const context = createParserContext({ thinking: false });
    context.allocateCallIndex();
    const { segments } = runMerger([[{ index: 0, id: "c", name: "f", arguments: "{}" }]], context);
    expect(segments).toEqual(callSegments(1, "f", "{}", "c"));
  });
});

describe("createToolCallMerger: arguments at end() (concat_repair)", () => {
  it("emits the complete call and drops the truncated one with a warning, never completing it", () => {
    const cut = '{"command": "rm -rf /tmp/bu';
    const { segments, merger } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: '{"path":"a"}' }],
      [{ index: 1, id: "c1", name: "bash", arguments: cut }],
    ]);
    expect(segments.slice(0, 3)).toEqual(callSegments(0, "read", '{"path":"a"}', "c0"));
    expect(segments[3]).toMatchObject({ type: "warning", code: "tool_call.truncated", raw: cut });
    expect(segments).toHaveLength(4);
    expect([merger.emittedCalls, merger.droppedCalls]).toEqual([1, 1]);
  });

  it("splits `{…}{…}` into two calls with the same name; only the first keeps the upstream id", () => {
    const raw = '{"path": "a"} {"path": "b"}';
    const { segments, merger } = runMerger([[{ index: 0, id: "c0", name: "read", arguments: raw }]]);
    expect(segments).toEqual([
      ...callSegments(0, "read", '{"path": "a"}', "c0"),
      ...callSegments(1, "read", '{"path": "b"}'),
      expect.objectContaining({ type: "warning", code: "tool_call.split", raw }),
    ]);
    expect(merger.emittedCalls).toBe(2);
  });

  it("drops `{…}{broken` (not split) with a warning", () => {
    const cut = runMerger([[{ index: 0, id: "c0", name: "f", arguments: '{"a":1}{"b":' }]]);
    expect(warningCodes(cut.segments)).toEqual(["tool_call.truncated"]);
    expect([cut.merger.emittedCalls, cut.merger.droppedCalls]).toEqual([0, 1]);
    const broken = runMerger([[{ index: 0, id: "c0", name: "f", arguments: '{"a":1}{broken}' }]]);
    expect(broken.segments).toEqual([
      expect.objectContaining({ type: "warning", code: "tool_call.malformed", raw: '{"a":1}{broken}' }),
    ]);
    expect(broken.merger.droppedCalls).toBe(1);
  });

  it("repairs single quotes and trailing commas (qwen3-coder, CCR#454) with a warning", () => {
    const raw = "{'path': 'a.txt', 'limit': 10,}";
    const { segments } = runMerger([[{ index: 0, id: "c0", name: "read", arguments: raw }]]);
    expect(calls(segments)).toEqual([
      { name: "read", upstreamId: "c0", arguments: { path: "a.txt", limit: 10 } },
    ]);
    expect(segments.at(-1)).toMatchObject({ type: "warning", code: "tool_call.repaired", raw });
  });

  it("turns empty arguments into {}", () => {
    expect(runMerger([[{ index: 0, id: "c0", name: "now", arguments: "" }]]).segments).toEqual(
      callSegments(0, "now", "{}", "c0"),
    );
    expect(runMerger([[{ index: 0, id: "c0", name: "now" }]]).segments).toEqual(
      callSegments(0, "now", "{}", "c0"),
    );
  });

  it("drops arguments that are JSON but not an object", () => {
    const { segments, merger } = runMerger([[{ index: 0, id: "c0", name: "f", arguments: "[1, 2]" }]]);
    expect(warningCodes(segments)).toEqual(["tool_call.malformed"]);
    expect(merger.droppedCalls).toBe(1);
  });

  it("drops a call that never got a name", () => {
    const { segments, merger } = runMerger([[{ index: 0, id: "c0", arguments: '{"a":1}' }]]);
    expect(segments).toEqual([
      expect.objectContaining({ type: "warning", code: "tool_call.missing_name", raw: '{"a":1}' }),
    ]);
    expect([merger.emittedCalls, merger.droppedCalls]).toEqual([0, 1]);
  });
});

describe("createToolCallMerger: model order", () => {
  it("passes segments straight through while no call is held, counting raw-parsed calls", () => {
    const raw = callSegments(0, "echo", "{}");
    const { segments, merger, beforeEnd } = runMerger([text("a"), { type: "reasoning", text: "b" }, ...raw]);
    expect(beforeEnd).toBe(5);
    expect(segments).toEqual([text("a"), { type: "reasoning", text: "b" }, ...raw]);
    expect(merger.emittedCalls).toBe(1);
  });

  it("emits a held call whose arguments are complete before the text that follows it", () => {
    const { segments, beforeEnd } = runMerger([
      text("Checking."),
      [{ index: 0, id: "c0", name: "f", arguments: '{"a":1}' }],
      text("Done."),
    ]);
    expect(beforeEnd).toBe(5);
    expect(segments).toEqual([text("Checking."), ...callSegments(0, "f", '{"a":1}', "c0"), text("Done.")]);
  });

  it("bounds what waits behind an incomplete call: past the cap the text goes on ahead, with a warning", () => {
    const piece = "x".repeat(256 * 1024);
    const steps: MergerStep[] = [[{ index: 0, id: "c0", name: "f", arguments: '{"a":' }]];
    for (let count = 0; count < 5; count++) steps.push(text(piece));
    const { segments, beforeEnd } = runMerger([...steps, [{ index: 0, arguments: "1}" }]]);
    // Five pieces exceed 1 MiB: all five were released before the call, nothing lost.
    expect(beforeEnd).toBeGreaterThanOrEqual(6);
    expect(warningCodes(segments)).toEqual(["tool_call.queue_released"]);
    expect(segments.filter((segment) => segment.type === "text")).toHaveLength(5);
    expect(calls(segments)).toEqual([{ name: "f", upstreamId: "c0", arguments: { a: 1 } }]);
  });

  it("queues text that follows an incomplete held call, and releases it right after the call", () => {
    const steps: MergerStep[] = [
      [{ index: 0, id: "c0", name: "f", arguments: '{"a":' }],
      text("after"),
      { type: "reasoning", text: "more" },
    ];
    const waiting = runMerger(steps);
    expect(waiting.segments.slice(0, 2)).toEqual([
      expect.objectContaining({ code: "tool_call.truncated" }),
      text("after"),
    ]);
    // Released as soon as the call completes: before a call that starts later.
    const completed = runMerger([
      ...steps,
      [{ index: 0, arguments: "1}" }],
      [{ index: 1, id: "c1", name: "g", arguments: "{}" }],
      text("later"),
    ]);
    expect(completed.beforeEnd).toBe(9);
    expect(completed.segments).toEqual([
      ...callSegments(0, "f", '{"a":1}', "c0"),
      text("after"),
      { type: "reasoning", text: "more" },
      ...callSegments(1, "g", "{}", "c1"),
      text("later"),
    ]);
  });

  it("drops fragments for a call already emitted, with a warning (empty ones silently)", () => {
    const { segments } = runMerger([
      [{ index: 0, id: "c0", name: "f", arguments: '{"a":1}' }],
      text("moved on"),
      [{ index: 0, id: "c0", arguments: "" }],
      [{ index: 0, arguments: '{"b":2}' }],
    ]);
    expect(segments).toEqual([
      ...callSegments(0, "f", '{"a":1}', "c0"),
      text("moved on"),
      expect.objectContaining({ type: "warning", code: "tool_call.late_fragment", raw: '{"b":2}' }),
    ]);
  });
});

describe("createToolCallMerger: chunking invariance (fast-check)", () => {
  const argumentsValue = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 6 }),
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.nat(9), { maxLength: 3 }),
    ),
    { maxKeys: 4 },
  );
  const callSpec = fc.record({
    name: fc.constantFrom("read", "write", "bash"),
    objects: fc.array(argumentsValue, { minLength: 1, maxLength: 2 }),
    spacing: fc.constantFrom("", " ", "\n"),
  });

  /** Cuts `text` at the given positions (sorted, deduplicated, clamped). */
  const cut = (value: string, positions: readonly number[]) => {
    const sorted = [...new Set(positions.map((position) => Math.min(position, value.length)))].sort(
      (a, b) => a - b,
    );
    const pieces: string[] = [];
    let start = 0;
    for (const position of sorted) {
      pieces.push(value.slice(start, position));
      start = position;
    }
    pieces.push(value.slice(start));
    return pieces;
  };

  it("gives the same segments for any fragmentation and interleaving of N calls' arguments", () => {
    fc.assert(
      fc.property(
        fc.array(callSpec, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(400), { maxLength: 30 }),
        fc.array(fc.nat(3), { maxLength: 60 }),
        (specs, cutPositions, schedule) => {
          const argumentTexts = specs.map((spec) =>
            spec.objects.map((object) => JSON.stringify(object)).join(spec.spacing),
          );
          const whole: MergerStep[] = specs.map((spec, index) => [
            { index, id: `call_${index}`, name: spec.name, arguments: argumentTexts[index]! },
          ]);
          const reference = runMerger(whole).segments;
          expect(checkSegmentInvariants(reference)).toEqual([]);

          // Each call: a head fragment (index, id, name) then its argument pieces; calls are started
          // in order, and the pieces of started calls interleave as `schedule` says.
          const queues = argumentTexts.map((value) => cut(value, cutPositions));
          const steps: MergerStep[] = [];
          let started = 0;
          const start = () => {
            const spec = specs[started]!;
            steps.push([{ index: started, id: `call_${started}`, name: spec.name, arguments: "" }]);
            started++;
          };
          start();
          for (const choice of schedule) {
            const open = queues
              .slice(0, started)
              .flatMap((pieces, index) => (pieces.length > 0 ? [index] : []));
            if (started < specs.length && (choice === 3 || open.length === 0)) start();
            else if (open.length > 0) {
              const index = open[choice % open.length]!;
              steps.push([{ index, arguments: queues[index]!.shift()! }]);
            }
          }
          while (started < specs.length) start();
          queues.forEach((pieces, index) => {
            for (const piece of pieces) steps.push([{ index, arguments: piece }]);
          });
          const fragmented = runMerger(steps).segments;
          expect(normalizeSegments(fragmented)).toEqual(normalizeSegments(reference));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("emits only valid, paired calls for arbitrary fragments", () => {
    const fragment: fc.Arbitrary<ToolCallFragment> = fc.record(
      {
        index: fc.nat(2),
        id: fc.constantFrom("a", "b", "", "__proto__"),
        name: fc.constantFrom("f", "g", ""),
        arguments: fc.constantFrom("{", "}", '"x"', ":", "1", ",", " ", "{}", "'", "[", "]", '{"a":1}'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(fragment, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        (steps) => {
          const { segments, merger } = runMerger(steps);
          expect(checkSegmentInvariants(segments)).toEqual([]);
          const starts = segments.filter((segment) => segment.type === "tool-call-start").length;
          expect(merger.emittedCalls).toBe(starts);
        },
      ),
      { numRuns: 200 },
    );
  });
});
