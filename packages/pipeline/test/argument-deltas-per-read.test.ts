import type { StreamEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { replayUpstream } from "../src/testkit";

const event = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const fragment = (value: string, head = false) =>
  event({
    tool_calls: [
      head
        ? { index: 0, id: "call_1", type: "function", function: { name: "Bash", arguments: value } }
        : { index: 0, function: { arguments: value } },
    ],
  });
const jsonDeltas = (events: readonly StreamEvent[]) =>
  events.flatMap((item) => (item.type === "block-delta" && item.kind === "arguments" ? [item.text] : []));

describe("a structured call's argument deltas, per upstream read (docs/dialects.md §2)", () => {
  const options = { thinking: false, model: "m", createToolId: () => "toolu_x" };

  it("goes out as one arguments delta per read, however many fragments the read held", () => {
    const reads = [
      fragment('{"command": ', true) + fragment('"ls') + fragment(" -la"),
      [fragment(' /tmp"'), fragment("}"), event({}, "tool_calls"), "data: [DONE]\n\n"].join(""),
    ];
    const result = replayUpstream(options, reads);
    expect(result.problems).toEqual([]);
    expect(jsonDeltas(result.events)).toEqual(['{"command": "ls -la', ' /tmp"}']);
  });

  it("goes out per fragment when each read holds one (nothing waits for a later read)", () => {
    const reads = [fragment('{"command": ', true), fragment('"ls'), fragment('"}'), event({}, "tool_calls")];
    const result = replayUpstream(options, [...reads, "data: [DONE]\n\n"]);
    expect(jsonDeltas(result.events)).toEqual(["{", '"command": "ls', '"}']);
  });
});
