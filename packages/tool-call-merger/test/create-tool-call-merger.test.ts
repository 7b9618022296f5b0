import type { ToolCallFragment } from "@sluice/core";
import { createParserContext, MAX_JSON_DEPTH, type Segment } from "@sluice/core";
import { checkSegmentInvariants, normalizeSegments, summarize } from "@sluice/core/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
/** Warnings aside, with each call's deltas joined: what a client can tell apart. */
const visible = (segments: readonly Segment[]) =>
  normalizeSegments(segments.filter((segment) => segment.type !== "warning"));
const texts = (segments: readonly Segment[]) =>
  segments.flatMap((segment) => (segment.type === "text" ? [segment.text] : []));

describe("createToolCallMerger: merging fragments (docs/dialects.md §2)", () => {
  it("emits a whole call that came in one chunk (Ollama, llama.cpp)", () => {
    const { segments, merger, beforeEnd } = runMerger([
      [{ index: 0, id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' }],
    ]);
    expect(beforeEnd).toBe(3);
    expect(segments).toEqual(callSegments(0, "get_weather", '{"city":"Paris"}', "call_1"));
    expect([merger.emittedCalls, merger.droppedCalls, merger.cutCall]).toEqual([1, 0, undefined]);
  });

  it("streams the arguments live: each fragment's valid JSON prefix goes out before the next arrives", () => {
    const { segments, argumentsAfter, beforeEnd } = runMerger([
      [{ index: 0, id: "call_1", name: "bash", arguments: "" }],
      [{ index: 0, arguments: '{"command": ' }],
      [{ index: 0, arguments: '"ls' }],
      [{ index: 0, arguments: ' -la"' }],
      [{ index: 0, arguments: ', "timeout": 5' }],
      [{ index: 0, arguments: "0}" }],
    ]);
    // A key waits for its value, a string goes out as it comes, its closing quote once a `,` or `}` confirms it.
    expect(argumentsAfter).toEqual([
      "",
      "{",
      '{"command": "ls',
      '{"command": "ls -la',
      '{"command": "ls -la"',
      '{"command": "ls -la", "timeout": 50}',
    ]);
    expect(beforeEnd).toBe(segments.length);
    expect(visible(segments)).toEqual(
      callSegments(0, "bash", '{"command": "ls -la", "timeout": 50}', "call_1"),
    );
  });

  it("starts a call once its arguments begin as strict JSON (`{\"` or `{}`), the raw JSON dialects' rule", () => {
    const waiting = runMerger([
      [{ index: 0, id: "c", name: "f", arguments: "{" }],
      [{ index: 0, arguments: "  " }],
      [{ index: 0, arguments: '"a": 1}' }],
    ]);
    expect(waiting.argumentsAfter).toEqual(["", "", '{  "a": 1}']);
    expect(waiting.segments[0]).toEqual({
      type: "tool-call-start",
      callIndex: 0,
      name: "f",
      upstreamId: "c",
    });
    const empty = runMerger([
      [{ index: 0, id: "c", name: "now", arguments: "{" }],
      [{ index: 0, arguments: "}" }],
    ]);
    expect(visible(empty.segments)).toEqual(callSegments(0, "now", "{}", "c"));
  });

  it("accepts arguments before the id and name (Dynamo): the call starts when its name comes", () => {
    const withIndex = runMerger([
      [{ index: 0, arguments: '{"a":' }],
      [{ index: 0, arguments: "1}" }],
      [{ index: 0, id: "call_9", name: "f" }],
    ]);
    expect(withIndex.argumentsAfter).toEqual(["", "", '{"a":1}']);
    expect(visible(withIndex.segments)).toEqual(callSegments(0, "f", '{"a":1}', "call_9"));
    const withoutIndex = runMerger([[{ arguments: '{"a":1}' }], [{ id: "call_9", name: "f" }]]);
    expect(visible(withoutIndex.segments)).toEqual(callSegments(0, "f", '{"a":1}', "call_9"));
  });

  it("does not start a new call for an id repeated on every fragment (vLLM qwen3_xml, nanoclaw#1241)", () => {
    const id = "chatcmpl-tool-9e8d";
    const { segments } = runMerger([
      [{ index: 0, id, name: "bash", arguments: "" }],
      [{ index: 0, id, arguments: '{"command": "' }],
      [{ index: 0, id, name: "bash", arguments: 'ls"}' }],
    ]);
    expect(visible(segments)).toEqual(callSegments(0, "bash", '{"command": "ls"}', id));
  });

  it("merges by id where the upstream sends no index", () => {
    const { segments } = runMerger([
      [{ id: "a", name: "f", arguments: '{"x":' }],
      [{ id: "b", name: "g", arguments: '{"y":' }],
      [{ id: "a", arguments: "1}" }],
      [{ id: "b", arguments: "2}" }],
    ]);
    expect(visible(segments)).toEqual([
      ...callSegments(0, "f", '{"x":1}', "a"),
      ...callSegments(1, "g", '{"y":2}', "b"),
    ]);
  });

  it("sequences interleaved calls (index 0, 1, 0, 1): the first streams, the second waits, then goes on live", () => {
    const { segments, argumentsAfter } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: '{"path":' }],
      [{ index: 1, id: "c1", name: "read", arguments: '{"path":' }],
      [{ index: 0, arguments: '"a.txt"}' }],
      [{ index: 1, arguments: '"b.tx' }],
      [{ index: 1, arguments: 't"}' }],
    ]);
    expect(argumentsAfter).toEqual([
      "{",
      "{",
      // Call 1 goes live at once, with what it had.
      '{"path":"a.txt"}{',
      '{"path":"a.txt"}{"path":"b.tx',
      '{"path":"a.txt"}{"path":"b.txt"}',
    ]);
    expect(visible(segments)).toEqual([
      ...callSegments(0, "read", '{"path":"a.txt"}', "c0"),
      ...callSegments(1, "read", '{"path":"b.txt"}', "c1"),
    ]);
  });

  it("keeps the fragments that arrive after finish_reason (the merger ends calls only at end())", () => {
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
    expect(visible(segments)).toEqual([
      ...callSegments(0, "f", "{}", "first"),
      ...callSegments(1, "g", '{"b":2}', "second"),
    ]);
  });

  it("starts a new call for a named fragment without index or id after a named call", () => {
    const { segments } = runMerger([
      [{ name: "f", arguments: '{"a":1}' }],
      [{ name: "g", arguments: '{"b":2}' }],
    ]);
    expect(visible(segments)).toEqual([
      ...callSegments(0, "f", '{"a":1}'),
      ...callSegments(1, "g", '{"b":2}'),
    ]);
  });

  it("keeps `__proto__` and `constructor` as ordinary ids", () => {
    const { segments } = runMerger([
      [{ id: "__proto__", name: "f", arguments: '{"a":' }],
      [{ id: "constructor", name: "g", arguments: "{}" }],
      [{ id: "__proto__", arguments: "1}" }],
    ]);
    expect(visible(segments)).toEqual([
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

describe("createToolCallMerger: `{…}{…}` and repair (concat_repair)", () => {
  it("splits `{…}{…}` into calls with the same name as each object closes; only the first keeps the id", () => {
    const raw = '{"path": "a"} {"path": "b"}';
    const whole = runMerger([[{ index: 0, id: "c0", name: "read", arguments: raw }]]);
    expect(whole.beforeEnd).toBe(6);
    expect(visible(whole.segments)).toEqual([
      ...callSegments(0, "read", '{"path": "a"}', "c0"),
      ...callSegments(1, "read", '{"path": "b"}'),
    ]);
    expect(whole.merger.emittedCalls).toBe(2);
    // Across fragments, the next `{` right after the object (nothing else in between) splits it too.
    const pieces = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: '{"path": "a"}' }],
      [{ index: 0, arguments: " " }],
      [{ index: 0, arguments: '{"path": "b"}' }],
    ]);
    expect(visible(pieces.segments)).toEqual(visible(whole.segments));
  });

  it("emits the first object of `{…}{broken`; the rest, never started, is dropped with a notice", () => {
    const { segments, merger } = runMerger([
      [{ index: 0, id: "c0", name: "f", arguments: '{"a":1}{broken' }],
    ]);
    expect(calls(segments)).toEqual([{ name: "f", upstreamId: "c0", arguments: { a: 1 } }]);
    expect(warningCodes(segments)).toEqual(["tool_call.truncated"]);
    expect(texts(segments)).toEqual([
      '\n\n[Sluice dropped the tool call "f" from the model: its arguments were cut off before they were complete. Nothing was run.]\n\n',
    ]);
    expect([merger.emittedCalls, merger.droppedCalls, merger.cutCall]).toEqual([1, 1, undefined]);
  });

  it("holds near-JSON from the first key and repairs it whole (qwen3-coder, CCR#454), with a warning", () => {
    const raw = "{'path': 'a.txt', 'limit': 10,}";
    const { segments, argumentsAfter } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: raw.slice(0, 5) }],
      [{ index: 0, arguments: raw.slice(5) }],
    ]);
    expect(argumentsAfter).toEqual(["", ""]);
    expect(calls(segments)).toEqual([
      { name: "read", upstreamId: "c0", arguments: { path: "a.txt", limit: 10 } },
    ]);
    expect(warningCodes(segments)).toEqual(["tool_call.repaired"]);
  });

  it("repairs a live call's near-JSON tail when the repair continues what was streamed", () => {
    const { segments, argumentsAfter, merger } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: '{"path": "a.txt", "mode": ' }],
      [{ index: 0, arguments: "'r'}" }],
    ]);
    expect(argumentsAfter).toEqual(['{"path": "a.txt"', '{"path": "a.txt"']);
    expect(calls(segments)).toEqual([
      { name: "read", upstreamId: "c0", arguments: { path: "a.txt", mode: "r" } },
    ]);
    expect(warningCodes(segments)).toEqual(["tool_call.repaired"]);
    expect(merger.cutCall).toBeUndefined();
  });

  it("decides a call held whole as soon as something follows it and its text is complete", () => {
    const { segments, beforeEnd } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: "{'path': 'a'}" }],
      text("Done."),
    ]);
    expect(beforeEnd).toBe(segments.length);
    expect(visible(segments)).toEqual([...callSegments(0, "read", '{"path":"a"}', "c0"), text("Done.")]);
  });

  it("turns empty arguments into {}", () => {
    expect(runMerger([[{ index: 0, id: "c0", name: "now", arguments: "" }]]).segments).toEqual(
      callSegments(0, "now", "{}", "c0"),
    );
    expect(runMerger([[{ index: 0, id: "c0", name: "now" }]]).segments).toEqual(
      callSegments(0, "now", "{}", "c0"),
    );
  });
});

describe("createToolCallMerger: a call that cannot be used is never silent (docs/dialects.md §2)", () => {
  it("drops arguments that are JSON but not an object, with a notice in the call's place", () => {
    const { segments, merger } = runMerger([
      text("Running it."),
      [{ index: 0, id: "c0", name: "f", arguments: "[1, 2]" }],
    ]);
    expect(warningCodes(segments)).toEqual(["tool_call.malformed"]);
    expect(texts(segments)).toEqual([
      "Running it.",
      '\n\n[Sluice dropped the tool call "f" from the model: its arguments are not usable (an array, not an object). Nothing was run.]\n\n',
    ]);
    expect(merger.droppedCalls).toBe(1);
  });

  it("drops a call that never got a name, with a notice", () => {
    const { segments, merger } = runMerger([[{ index: 0, id: "c0", arguments: '{"a":1}' }]]);
    expect(segments).toEqual([
      expect.objectContaining({ type: "warning", code: "tool_call.missing_name", raw: '{"a":1}' }),
      text("\n\n[Sluice dropped a tool call from the model: it never got a name. Nothing was run.]\n\n"),
    ]);
    expect([merger.emittedCalls, merger.droppedCalls]).toEqual([0, 1]);
  });

  it("drops arguments nested past the depth bound before they start, with a notice", () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    const { segments } = runMerger([[{ index: 0, id: "c0", name: "f", arguments: deep }]]);
    expect(texts(segments)[0]).toContain("its arguments are not usable (nests deeper than 256 levels)");
  });

  it("decides by the arguments, not by how they were cut: a whole call in one fragment is cut the same way", () => {
    const deep = `{"a": ${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}}`;
    const whole = runMerger([[{ index: 0, id: "c0", name: "f", arguments: deep }]]);
    const pieces = runMerger([
      [{ index: 0, id: "c0", name: "f", arguments: deep.slice(0, 6) }],
      [{ index: 0, arguments: deep.slice(6) }],
    ]);
    expect(visible(whole.segments)).toEqual(visible(pieces.segments));
    expect([whole.merger.droppedCalls, whole.merger.cutCall]).toEqual([0, pieces.merger.cutCall]);
  });

  it("closes a live call whose arguments nest past the bound with what was valid, and says it was cut", () => {
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}}`;
    const { segments, merger } = runMerger([
      [{ index: 0, id: "c0", name: "f", arguments: '{"a": ' }],
      [{ index: 0, arguments: deep }],
    ]);
    expect(checkSegmentInvariants(segments)).toEqual([]);
    expect(warningCodes(segments)).toEqual(["tool_call.malformed"]);
    expect(merger.cutCall).toMatch(/^the arguments of tool call "f" are not usable/);
  });

  it("cuts a live call cut off by the end of the stream: its end says so, nothing closes its arguments", () => {
    const cut = '{"command": "rm -rf /tmp/bu';
    const { segments, merger } = runMerger([
      [{ index: 0, id: "c0", name: "read", arguments: '{"path":"a"}' }],
      [{ index: 1, id: "c1", name: "bash", arguments: cut }],
    ]);
    expect(calls(segments)[0]).toEqual({ name: "read", upstreamId: "c0", arguments: { path: "a" } });
    // What went out stops where the upstream did: never a guessed `"}`.
    expect(summarize(segments).calls[1]).toMatchObject({
      name: "bash",
      argumentsJson: '{"command": "rm -rf /tmp/bu',
    });
    expect(segments.at(-1)).toEqual({ type: "tool-call-end", callIndex: 1, cut: true });
    expect(segments).toContainEqual(
      expect.objectContaining({ type: "warning", code: "tool_call.truncated", raw: cut }),
    );
    expect(merger.cutCall).toBe('the arguments of tool call "bash" were cut off before they were complete');
    expect([merger.emittedCalls, merger.droppedCalls]).toEqual([2, 0]);
  });
});

describe("createToolCallMerger: model order", () => {
  it("passes segments straight through while no call is open, counting raw-parsed calls", () => {
    const raw = callSegments(0, "echo", "{}");
    const { segments, merger, beforeEnd } = runMerger([text("a"), { type: "reasoning", text: "b" }, ...raw]);
    expect(beforeEnd).toBe(5);
    expect(segments).toEqual([text("a"), { type: "reasoning", text: "b" }, ...raw]);
    expect(merger.emittedCalls).toBe(1);
  });

  it("emits a call whose arguments are complete before the text that follows it", () => {
    const { segments, beforeEnd } = runMerger([
      text("Checking."),
      [{ index: 0, id: "c0", name: "f", arguments: '{"a":1}' }],
      text("Done."),
    ]);
    expect(beforeEnd).toBe(5);
    expect(segments).toEqual([text("Checking."), ...callSegments(0, "f", '{"a":1}', "c0"), text("Done.")]);
  });

  it("queues text that follows an open call, and releases it right after the call's `}`", () => {
    const steps: MergerStep[] = [
      [{ index: 0, id: "c0", name: "f", arguments: '{"a":' }],
      text("after"),
      { type: "reasoning", text: "more" },
    ];
    const waiting = runMerger(steps);
    expect(waiting.beforeEnd).toBe(2);
    const completed = runMerger([
      ...steps,
      [{ index: 0, arguments: "1}" }],
      [{ index: 1, id: "c1", name: "g", arguments: "{}" }],
      text("later"),
    ]);
    expect(completed.beforeEnd).toBe(completed.segments.length);
    expect(visible(completed.segments)).toEqual([
      ...callSegments(0, "f", '{"a":1}', "c0"),
      text("after"),
      { type: "reasoning", text: "more" },
      ...callSegments(1, "g", "{}", "c1"),
      text("later"),
    ]);
  });

  it("bounds what waits behind an open call: past the cap the call is cut as it stands (the turn ends there)", () => {
    const piece = "x".repeat(256 * 1024);
    const steps: MergerStep[] = [[{ index: 0, id: "c0", name: "f", arguments: '{"a": "b' }]];
    for (let count = 0; count < 5; count++) steps.push(text(piece));
    const { segments, merger, beforeEnd } = runMerger([...steps, [{ index: 0, arguments: 'c"}' }]]);
    // Five pieces exceed 1 MiB: the call was cut, the text passed on (the sequencer sends nothing after a cut).
    expect(beforeEnd).toBe(segments.length);
    expect(warningCodes(segments)).toEqual([
      "tool_call.queue_released",
      "tool_call.truncated",
      "tool_call.late_fragment",
    ]);
    expect(segments).toContainEqual({ type: "tool-call-end", callIndex: 0, cut: true });
    expect(merger.cutCall).toBe(
      'the arguments of tool call "f" were still incomplete after 1048576 characters of text had come behind them',
    );
  });

  it("drops text for a call that is complete once something else came, with a warning (empty fragments silently)", () => {
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

  /** Every call as name and arguments, sorted, and each id's first object: the same whatever the fragmentation. */
  const callsOf = (segments: readonly Segment[]) => {
    const all = summarize(segments).calls;
    return {
      all: all.map((call) => JSON.stringify([call.name, call.arguments])).sort(),
      byId: new Map(
        all.flatMap((call) => (call.upstreamId === undefined ? [] : [[call.upstreamId, call.arguments]])),
      ),
    };
  };

  it("gives every call the same arguments for any fragmentation and interleaving of N calls' arguments", () => {
    fc.assert(
      fc.property(
        fc.array(callSpec, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(400), { maxLength: 30 }),
        fc.array(fc.nat(3), { maxLength: 60 }),
        (specs, cutPositions, schedule) => {
          const argumentTexts = specs.map((spec) =>
            spec.objects.map((object) => JSON.stringify(object)).join(spec.spacing),
          );
          const ids = specs.map((_, index) => `call_${index}`);
          const whole: MergerStep[] = specs.map((spec, index) => [
            { index, id: ids[index]!, name: spec.name, arguments: argumentTexts[index]! },
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
            steps.push([{ index: started, id: ids[started]!, name: spec.name, arguments: "" }]);
            started++;
          };
          start();
          let interleaved = false;
          for (const choice of schedule) {
            const open = queues
              .slice(0, started)
              .flatMap((pieces, index) => (pieces.length > 0 ? [index] : []));
            if (started < specs.length && (choice === 3 || open.length === 0)) start();
            else if (open.length > 0) {
              const index = open[choice % open.length]!;
              if (index !== started - 1) interleaved = true;
              steps.push([{ index, arguments: queues[index]!.shift()! }]);
            }
          }
          while (started < specs.length) start();
          queues.forEach((pieces, index) => {
            for (const piece of pieces) {
              if (index !== specs.length - 1) interleaved = true;
              steps.push([{ index, arguments: piece }]);
            }
          });
          const fragmented = runMerger(steps).segments;
          expect(checkSegmentInvariants(fragmented)).toEqual([]);
          expect(callsOf(fragmented)).toEqual(callsOf(reference));
          // Calls come out in the order they first appeared; only a split-off object (the second `{` of a
          // call, arriving after a later call began) comes after that later call.
          if (!interleaved || specs.every((spec) => spec.objects.length === 1))
            expect(visible(fragmented)).toEqual(visible(reference));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("streams a strict call live: after every fragment, what went out is a prefix of the exact arguments", () => {
    fc.assert(
      fc.property(argumentsValue, fc.array(fc.nat(200), { maxLength: 20 }), (object, cutPositions) => {
        const json = JSON.stringify(object);
        const pieces = cut(json, cutPositions);
        const run = runMerger([
          [{ index: 0, id: "c", name: "f", arguments: "" }],
          ...pieces.map((piece): MergerStep => [{ index: 0, arguments: piece }]),
        ]);
        for (const emitted of run.argumentsAfter) expect(json.startsWith(emitted)).toBe(true);
        // Complete when the last piece is in, before end().
        expect(run.argumentsAfter.at(-1)).toBe(json);
        expect(run.beforeEnd).toBe(run.segments.length);
      }),
      { numRuns: 200 },
    );
  });

  it("decides any call's text the same way however it is cut: the same calls, notices, cut or not", () => {
    const token = fc.constantFrom("{", "}", '"a"', '"x', ":", "1", ",", " ", "'", "[", "]", "True", '{"b":');
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 14 }),
        fc.array(fc.nat(60), { maxLength: 10 }),
        (tokens, at) => {
          const value = tokens.join("");
          const outcome = (pieces: readonly string[]) => {
            const run = runMerger([
              [{ index: 0, id: "c", name: "f", arguments: "" }],
              ...pieces.map((piece): MergerStep => [{ index: 0, arguments: piece }]),
              text("after"),
            ]);
            expect(checkSegmentInvariants(run.segments)).toEqual([]);
            return [visible(run.segments), run.merger.droppedCalls, run.merger.cutCall];
          };
          expect(outcome(cut(value, at))).toEqual(outcome([value]));
        },
      ),
      { numRuns: 400 },
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
      { numRuns: 300 },
    );
  });
});
