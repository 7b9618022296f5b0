import { describe, expect, it } from "vitest";
import { scrubReads } from "../../src/record/scrub-reads";
import { scrubJsonValues, scrubStrings } from "../../src/record/scrub-strings";

const KEY = "sk-secret-123456";

/** An SSE chunk as vLLM streams it, carrying `content`. */
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** The `content` of every chunk in the reads, decoded and joined: the text a replay would see. */
function contentOf(reads: readonly string[]): string {
  return [...reads.join("").matchAll(/^data: (.*)$/gm)]
    .map((match) => JSON.parse(match[1] as string) as { choices: { delta: { content?: string } }[] })
    .map((parsed) => parsed.choices[0]?.delta.content ?? "")
    .join("");
}

/** Every cut of KEY into a head and a tail, neither empty. */
const cuts = Array.from({ length: KEY.length - 1 }, (_, index) => index + 1);

describe("scrubReads", () => {
  it("redacts a secret inside one read and keeps the reads as they were", () => {
    expect(scrubReads(["a ", `b ${KEY} c`, " d"], [KEY])).toEqual(["a ", "b [redacted] c", " d"]);
  });

  it("redacts a secret split between reads; the cut moves to the end of [redacted]", () => {
    expect(scrubReads(["x sk-sec", "ret-1", "23456 y"], [KEY])).toEqual(["x [redacted]", "", " y"]);
  });

  it("redacts Bearer tokens across reads, and every secret, not only the first", () => {
    expect(scrubReads(["Bear", "er abc.def", "+gh rest"], [])).toEqual(["Bearer [redacted]", "", " rest"]);
    expect(scrubReads([`${KEY}|`, "team-7"], [KEY, "team-7"])).toEqual(["[redacted]|", "[redacted]"]);
  });

  it("leaves short secrets alone (they would redact ordinary words) and text without secrets untouched", () => {
    const reads = ["the cat", " sat"];
    expect(scrubReads(reads, ["cat"])).toEqual(reads);
    expect(scrubReads([], [KEY])).toEqual([]);
  });

  it.each(cuts)(
    "redacts a key the model wrote across the content of two chunks, cut after %i characters",
    (at) => {
      const reads = [chunk(`left ${KEY.slice(0, at)}`), chunk(`${KEY.slice(at)} right`)];
      const scrubbed = scrubReads(reads, [KEY]);
      expect(scrubbed).toHaveLength(2);
      expect(contentOf(scrubbed)).toBe("left [redacted] right");
      // Whatever reads the chunks got split into, on whatever byte.
      const joined = reads.join("");
      for (let boundary = 1; boundary < joined.length; boundary += 7) {
        const split = scrubReads([joined.slice(0, boundary), joined.slice(boundary)], [KEY]);
        expect(contentOf(split), `read boundary ${boundary}`).toBe("left [redacted] right");
      }
    },
  );

  it("redacts a key behind JSON escapes, and leaves the chunks without one byte for byte", () => {
    const escaped = `data: {"choices":[{"index":0,"delta":{"content":"key \\u0073k-secret\\u002d123456!"}}]}\n\n`;
    const untouched = chunk("nothing to see");
    const scrubbed = scrubReads([untouched, escaped], [KEY]);
    expect(scrubbed[0]).toBe(untouched);
    expect(contentOf(scrubbed)).toBe("nothing to seekey [redacted]!");
  });

  it("redacts a key in a JSON answer (a server that ignored stream: true) split between reads", () => {
    const body = JSON.stringify({ error: { message: `bad key ${KEY}`, code: 401 } });
    for (let boundary = 1; boundary < body.length; boundary++) {
      const scrubbed = scrubReads([body.slice(0, boundary), body.slice(boundary)], [KEY]);
      expect(JSON.parse(scrubbed.join(""))).toEqual({ error: { message: "bad key [redacted]", code: 401 } });
    }
  });

  it("redacts the beginning of a key the reads end in (a capped recording cuts mid-key)", () => {
    expect(scrubReads(["data: x ", KEY.slice(0, 9)], [KEY])).toEqual(["data: x ", "[redacted]"]);
    // Not the word a short secret (a header value) begins with.
    expect(scrubReads(["ask your team"], ["team-7"])).toEqual(["ask your team"]);
  });
});

describe("scrubStrings", () => {
  it.each(cuts)("redacts a key split between two deltas of a field, cut after %i characters", (at) => {
    const delta = (text: string) => ({
      type: "content_block_delta",
      index: 1,
      delta: { type: "text_delta", text },
    });
    const events = [delta(`left ${KEY.slice(0, at)}`), { type: "ping" }, delta(`${KEY.slice(at)} right`)];
    const scrubbed = scrubJsonValues(events, [KEY]);
    expect(scrubbed.values).toEqual([delta("left [redacted]"), { type: "ping" }, delta(" right")]);
    expect([...scrubbed.changed].sort()).toEqual([0, 2]);
  });

  it("reads one field across the list, not the whole value: other fields between the halves do not hide the key", () => {
    const body = {
      messages: [
        { role: "user", content: [{ type: "text", text: `a ${KEY.slice(0, 5)}` }] },
        { role: "user", content: [{ type: "text", text: `${KEY.slice(5)} b` }] },
      ],
      metadata: { user_id: KEY },
    };
    expect(scrubStrings(body, [KEY])).toEqual({
      messages: [
        { role: "user", content: [{ type: "text", text: "a [redacted]" }] },
        { role: "user", content: [{ type: "text", text: " b" }] },
      ],
      metadata: { user_id: "[redacted]" },
    });
    // The caller's value is not touched.
    expect(body.metadata.user_id).toBe(KEY);
  });
});
