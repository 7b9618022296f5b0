import { type DeltaKind, gatewayError, type StreamEvent } from "@sluice/events";
import { buildStreamEvents } from "@sluice/events/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContentBlockDelta,
  encodeAnthropicSse,
  encodeSseEvent,
  encodeSseEvents,
  errorEvent,
  toAnthropicEvents,
} from "../src";
import { THINKING_TEXT_TOOLS } from "./event-sequences";

/** The reference: the whole event through JSON.stringify. */
const reference = (event: { type: string }) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** Strings that stress JSON escaping: quotes, backslashes, control chars, U+2028/9, lone surrogates, astral chars. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '"',
      "\\",
      "\n",
      "\r",
      "\t",
      "\b",
      "\f",
      "\u0000",
      "\u001f",
      "\u007f",
      "\u2028",
      "\u2029",
    ),
    fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff", "😀", "</script>", "data: ", "\n\n"),
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.string({ unit: "binary" }),
  ),
  maxLength: 40,
});

describe("encodeSseEvent", () => {
  it("frames an event as `event: <type>\\ndata: <json>\\n\\n`, byte for byte", () => {
    expect(encodeSseEvent({ type: "ping" })).toBe('event: ping\ndata: {"type":"ping"}\n\n');
    expect(encodeSseEvent({ type: "message_stop" })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(encodeSseEvent({ type: "content_block_stop", index: 3 })).toBe(
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":3}\n\n',
    );
    expect(
      encodeSseEvent({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: 'a"\n' } }),
    ).toBe(
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a\\"\\n"}}\n\n',
    );
    expect(
      encodeSseEvent({
        type: "message_delta",
        delta: { stop_reason: "stop_sequence", stop_sequence: "END" },
        usage: { output_tokens: 9 },
      }),
    ).toBe(
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"stop_sequence","stop_sequence":"END"},"usage":{"output_tokens":9}}\n\n',
    );
    expect(encodeSseEvent(errorEvent(gatewayError("upstream_overloaded", "Overloaded").object))).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    );
  });

  it("gives every event of a stream an `event:` line equal to its data.type, and one data line (docs/architecture.md I1)", () => {
    for (const event of toAnthropicEvents(buildStreamEvents(THINKING_TEXT_TOOLS))) {
      const encoded = encodeSseEvent(event);
      expect(encoded).toBe(reference(event));
      const lines = encoded.split("\n");
      expect(lines).toHaveLength(4);
      expect(lines[0]).toBe(`event: ${event.type}`);
      expect(JSON.parse((lines[1] as string).slice("data: ".length)).type).toBe(event.type);
      expect(lines.slice(2)).toEqual(["", ""]);
    }
  });

  it("builds deltas by concatenation that equal JSON.stringify for any text (fast path)", () => {
    const deltas: Array<(text: string) => ContentBlockDelta> = [
      (text) => ({ type: "text_delta", text }),
      (text) => ({ type: "thinking_delta", thinking: text }),
      (text) => ({ type: "input_json_delta", partial_json: text }),
      (text) => ({ type: "signature_delta", signature: text }),
    ];
    fc.assert(
      fc.property(hostileText, fc.nat({ max: 100_000 }), fc.nat({ max: 3 }), (text, index, kind) => {
        const event = {
          type: "content_block_delta",
          index,
          delta: (deltas[kind] as (text: string) => ContentBlockDelta)(text),
        } as const;
        const encoded = encodeSseEvent(event);
        expect(encoded).toBe(reference(event));
        // No raw line break can reach the data line, whatever the text (SSE splits on CR and LF).
        expect(encoded.slice(0, -2).split(/\r\n|\r|\n/)).toHaveLength(2);
      }),
      { numRuns: 500 },
    );
  });

  it("escapes lone surrogates, so the bytes are valid UTF-8 and decode back to the same text", () => {
    const text = "a\ud800b\udfffc\u2028😀";
    const encoded = encodeSseEvent({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text },
    });
    expect(encoded).toContain("\\ud800");
    const roundTrip = new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(encoded));
    expect(JSON.parse(roundTrip.split("\n")[1]!.slice(6)).delta.text).toBe(text);
  });
});

describe("encodeSseEvents", () => {
  it("puts several events in one string, in order", () => {
    const events = toAnthropicEvents(buildStreamEvents(THINKING_TEXT_TOOLS));
    expect(encodeSseEvents(events)).toBe(events.map(reference).join(""));
    expect(encodeSseEvents([])).toBe("");
  });

  it("takes any iterable", () => {
    function* pings() {
      yield { type: "ping" } as const;
      yield { type: "ping" } as const;
    }
    expect(encodeSseEvents(pings())).toBe('event: ping\ndata: {"type":"ping"}\n\n'.repeat(2));
  });
});

describe("encodeAnthropicSse", () => {
  const viaWire = (events: readonly StreamEvent[]) => encodeSseEvents(toAnthropicEvents(events));

  it("writes Sluice's events as the bytes of their Anthropic events", () => {
    const events = buildStreamEvents({
      ...THINKING_TEXT_TOOLS,
      finalUsage: { inputTokens: 3, cachedInputTokens: 5 },
    });
    expect(encodeAnthropicSse(events)).toBe(viaWire(events));
    expect(encodeAnthropicSse(buildStreamEvents({ blocks: [], stopReason: "end_turn" }))).toBe(
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_01TestTestTestTestTestTest","type":"message","role":"assistant","model":"qwen3.5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":42,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}\n\n' +
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":17}}\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    const failed: StreamEvent[] = [{ type: "error", error: { type: "api_error", message: "cut" } }];
    expect(encodeAnthropicSse(failed)).toBe(viaWire(failed));
  });

  it("writes a delta of any kind and any text as its Anthropic event's JSON (fast path)", () => {
    const kinds: DeltaKind[] = ["text", "thinking", "arguments", "signature"];
    fc.assert(
      fc.property(hostileText, fc.nat({ max: 100_000 }), fc.nat({ max: 3 }), (text, index, kind) => {
        const event: StreamEvent = { type: "block-delta", index, kind: kinds[kind] as DeltaKind, text };
        const [wire] = toAnthropicEvents([event]);
        expect(encodeAnthropicSse([event])).toBe(reference(wire as { type: string }));
      }),
      { numRuns: 500 },
    );
  });
});
