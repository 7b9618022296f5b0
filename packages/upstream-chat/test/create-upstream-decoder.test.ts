import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createUpstreamDecoder, narrowChunk, type UpstreamDelta } from "../src";
import { loadChunkFixture, loadChunkFixtures, toSseBody } from "./chunk-fixtures";
import { byteLength, decodeBody, splitBytes } from "./decode-body";

const chunk = (choice: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, logprobs: null, finish_reason: null, ...choice }],
    ...extra,
  });
const sse = (...lines: string[]) => toSseBody(lines, { done: false });
const decodeOne = (line: string) => decodeBody([sse(line)]);

// Every byte position for the streams with multi-byte characters (the cost is a full decode per
// position); seeded random byte splits and one byte per push for all.
const SPLIT_AT_EVERY_BYTE = new Set(["vllm-qwen3-raw-content", "sglang"]);

describe("createUpstreamDecoder: recorded streams", () => {
  for (const fixture of loadChunkFixtures()) {
    const body = toSseBody(fixture.lines);
    const reference = decodeBody([body]);
    // Compared as JSON text: cheaper than a deep toEqual over thousands of replays.
    const referenceJson = JSON.stringify(reference);
    const decodesAsReference = (pieces: readonly Uint8Array[], label: string) =>
      expect(JSON.stringify(decodeBody(pieces)), label).toBe(referenceJson);

    it(`${fixture.name}: decodes every data line with narrowChunk, then [DONE]`, () => {
      const expected = [...fixture.lines.flatMap((line) => narrowChunk(JSON.parse(line))), { done: true }];
      expect(reference).toEqual(expected);
      expect(reference.some((delta) => delta.error)).toBe(false);
    });

    if (SPLIT_AT_EVERY_BYTE.has(fixture.name))
      it(`${fixture.name}: gives the same deltas split at every byte position`, () => {
        for (let position = 0; position <= byteLength(body); position++)
          decodesAsReference(splitBytes(body, [position]), `split at byte ${position}`);
      });

    it(`${fixture.name}: gives the same deltas one byte per push and at random byte splits`, () => {
      const length = byteLength(body);
      decodesAsReference(
        splitBytes(
          body,
          Array.from({ length }, (_, index) => index),
        ),
        "one byte per push",
      );
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: length }), { maxLength: 40 }), (cuts) => {
          decodesAsReference(splitBytes(body, cuts), `cut at ${cuts.join(",")}`);
        }),
        { numRuns: 25 },
      );
    });

    it(`${fixture.name}: gives the same deltas with CRLF line endings, split anywhere`, () => {
      const crlf = toSseBody(fixture.lines, { lineEnding: "\r\n" });
      expect(decodeBody([crlf])).toEqual(reference);
      for (let position = 0; position <= byteLength(crlf); position += 11)
        decodesAsReference(splitBytes(crlf, [position, position + 1]), `CRLF split at ${position}`);
    });
  }

  it("maps a vLLM tool-parser stream field by field", () => {
    const deltas = decodeBody([toSseBody(loadChunkFixture("vllm-tool-parser").lines)]);
    expect(deltas.slice(0, 2)).toEqual([{ reasoning: "The user" }, { reasoning: " wants the" }]);
    expect(deltas).toContainEqual({ content: "I'll check both cities." });
    expect(deltas).toContainEqual({
      toolCallFragments: [{ index: 0, id: "chatcmpl-tool-5b1e8f0a9c2d4e7b", name: "get_weather" }],
    });
    expect(deltas).toContainEqual({ toolCallFragments: [{ index: 1, arguments: "Berlin" }] });
    expect(deltas.slice(-3)).toEqual([
      { finishReason: "tool_calls" },
      { usage: { promptTokens: 412, completionTokens: 86, cachedTokens: 384 } },
      { done: true },
    ]);
  });

  it("keeps multi-byte characters whole wherever the bytes are cut", () => {
    const deltas = decodeBody([toSseBody(loadChunkFixture("vllm-qwen3-raw-content").lines)]);
    const content = deltas.map((delta) => delta.content ?? "").join("");
    expect(content).toBe(
      "<think>\nThe user asks about the café in Zürich — 中文 too 🙂.\n</think>\n\nCafé Odéon is on Limmatquai 🏛️.",
    );
  });
});

describe("createUpstreamDecoder: SSE framing", () => {
  const line = chunk({ delta: { content: "hi" } });

  it("reads a read that is one whole `data:` event as eventsource-parser does, whatever came before it", () => {
    // Each piece is one read. Pushed one character at a time, no read is a whole event and all goes through
    // eventsource-parser: the reference for the reads-as-events fast path.
    const text = (content: string) => chunk({ delta: { content } });
    const reads = [
      `data: ${text("first")}\n\n`,
      `data:  ${text("two spaces")}\n\n`, // the second space is the data's
      "data: \n\n", // empty data: a keep-alive
      `data: ${text("a")}\rdata: ${text("b")}\n\n`, // CR is a line break too: two data lines, one event
      "event: error\n", // held by the parser: the next read is not a whole event on its own
      'data: {"message":"boom"}\n\n',
      `data: ${text("split")}`,
      "\n\n",
      `data: ${text("last")}\n\n`,
      "data: [DONE]\n\n",
    ];
    const perCharacter = decodeBody([...reads.join("")]);
    expect(decodeBody(reads)).toEqual(perCharacter);
    expect(perCharacter.length).toBeGreaterThan(5);
  });

  it("ignores comments and keep-alives (`: ping`), `id:` and `retry:` lines", () => {
    const body = `: ping\n\nid: 7\nretry: 3000\ndata: ${line}\n\n:keep-alive\n\ndata: [DONE]\n\n`;
    expect(decodeBody([body])).toEqual([{ content: "hi" }, { done: true }]);
  });

  it("reads the data of an event with an `event:` line", () => {
    expect(decodeBody([`event: message\ndata: ${line}\n\n`])).toEqual([{ content: "hi" }]);
  });

  it("joins a chunk spread over several data lines", () => {
    expect(decodeBody([`data: {"choices":[{"index":0,\ndata: "delta":{"content":"hi"}}]}\n\n`])).toEqual([
      { content: "hi" },
    ]);
  });

  it("decodes a final event that has no trailing blank line", () => {
    expect(decodeBody([`data: ${line}`])).toEqual([{ content: "hi" }]);
    expect(decodeBody([`data: ${line}\n`])).toEqual([{ content: "hi" }]);
    expect(decodeBody([`data: ${line}\r`])).toEqual([{ content: "hi" }]);
    expect(decodeBody([`data: ${line}\n\ndata: [DONE]`])).toEqual([{ content: "hi" }, { done: true }]);
  });

  it("reports [DONE] as done", () => {
    expect(decodeBody(["data: [DONE]\n\n"])).toEqual([{ done: true }]);
    expect(decodeBody(["data:[DONE]\n\n"])).toEqual([{ done: true }]);
  });

  it("accepts string pushes cut inside `data:` and ignores leading blank lines and a BOM", () => {
    expect(decodeBody(["\uFEFF\n\nda", "ta", ": ", line.slice(0, 5), line.slice(5), "\n", "\n"])).toEqual([
      { content: "hi" },
    ]);
  });

  it("treats an empty data line as a keep-alive", () => {
    expect(decodeBody(["data:\n\ndata: \n\n"])).toEqual([]);
  });

  it("decodes nothing from an empty body (the pipeline reports the truncation)", () => {
    expect(decodeBody([])).toEqual([]);
    expect(decodeBody([" \n "])).toEqual([]);
  });

  it("ignores pushes after end()", () => {
    const deltas: UpstreamDelta[] = [];
    const decoder = createUpstreamDecoder((delta) => deltas.push(delta));
    decoder.push(`data: ${line}\n\n`);
    decoder.end();
    decoder.push(`data: ${line}\n\n`);
    decoder.end();
    expect(deltas).toEqual([{ content: "hi" }]);
  });

  it("replaces invalid UTF-8 instead of failing", () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('data: {"choices":[{"delta":{"content":"a'),
      0xff,
      0x22,
    ]);
    const deltas = decodeBody([bytes, "}}]}\n\n"]);
    expect(deltas).toEqual([{ content: "a\uFFFD" }]);
  });

  it("reports a body that is neither SSE nor JSON", () => {
    const deltas = decodeBody(["<html><body>502 Bad Gateway</body></html>\n"]);
    expect(deltas).toEqual([
      {
        error: {
          message:
            "upstream sent a body that is neither SSE nor JSON: <html><body>502 Bad Gateway</body></html>\n",
          type: "invalid_upstream_chunk",
        },
      },
    ]);
  });
});

describe("createUpstreamDecoder: chunk fields", () => {
  it("omits a role-only first chunk and empty-string content", () => {
    expect(decodeOne(chunk({ delta: { role: "assistant", content: "" } }))).toEqual([]);
    expect(decodeOne(chunk({ delta: { role: "assistant", content: null } }))).toEqual([]);
    expect(decodeOne(chunk({ delta: { content: "", reasoning_content: "" } }))).toEqual([]);
  });

  it("reads reasoning from `reasoning` or `reasoning_content`, preferring the non-empty one", () => {
    expect(decodeOne(chunk({ delta: { reasoning: "a" } }))).toEqual([{ reasoning: "a" }]);
    expect(decodeOne(chunk({ delta: { reasoning_content: "b" } }))).toEqual([{ reasoning: "b" }]);
    expect(decodeOne(chunk({ delta: { reasoning: "", reasoning_content: "c" } }))).toEqual([
      { reasoning: "c" },
    ]);
    expect(decodeOne(chunk({ delta: { reasoning: "d", reasoning_content: null } }))).toEqual([
      { reasoning: "d" },
    ]);
    // vLLM during the rename sends both with the same text: one copy only.
    expect(decodeOne(chunk({ delta: { reasoning: "e", reasoning_content: "e" } }))).toEqual([
      { reasoning: "e" },
    ]);
  });

  it("puts reasoning in a delta of its own, before the rest of its chunk", () => {
    expect(
      decodeOne(chunk({ delta: { reasoning_content: "think", content: "say" }, finish_reason: "stop" })),
    ).toEqual([{ reasoning: "think" }, { content: "say", finishReason: "stop" }]);
  });

  it("keeps content and finish of one chunk together (fake-streamed providers)", () => {
    expect(decodeOne(chunk({ delta: { content: "all" }, finish_reason: "stop" }))).toEqual([
      { content: "all", finishReason: "stop" },
    ]);
  });

  it("reads vLLM stop_reason as a string and as a token id", () => {
    expect(decodeOne(chunk({ delta: {}, finish_reason: "stop", stop_reason: "</answer>" }))).toEqual([
      { finishReason: "stop", matchedStop: "</answer>" },
    ]);
    expect(decodeOne(chunk({ delta: {}, finish_reason: "stop", stop_reason: 151645 }))).toEqual([
      { finishReason: "stop", matchedStop: 151645 },
    ]);
    expect(decodeOne(chunk({ delta: {}, finish_reason: "stop", stop_reason: null }))).toEqual([
      { finishReason: "stop" },
    ]);
  });

  it("reads SGLang matched_stop as a string and as a token id", () => {
    expect(decodeOne(chunk({ delta: {}, finish_reason: "stop", matched_stop: "5" }))).toEqual([
      { finishReason: "stop", matchedStop: "5" },
    ]);
    expect(decodeOne(chunk({ delta: {}, finish_reason: "stop", matched_stop: 20 }))).toEqual([
      { finishReason: "stop", matchedStop: 20 },
    ]);
  });

  it("decodes a usage-only chunk (`choices: []`), and usage on every chunk", () => {
    const usage = {
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 8 },
    };
    expect(decodeOne(JSON.stringify({ id: "x", choices: [], usage }))).toEqual([
      { usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 8 } },
    ]);
    // vLLM continuous_usage_stats: usage rides along with the content.
    expect(
      decodeOne(chunk({ delta: { content: "a" } }, { usage: { prompt_tokens: 3, completion_tokens: 1 } })),
    ).toEqual([{ content: "a", usage: { promptTokens: 3, completionTokens: 1 } }]);
    expect(decodeOne(chunk({ delta: { content: "a" } }, { usage: null }))).toEqual([{ content: "a" }]);
  });

  it("reads tool-call fragments with their index, id, name and arguments", () => {
    const toolCalls = [
      { index: 0, id: "call_1", type: "function", function: { name: "f", arguments: "" } },
      { index: 1, function: { arguments: '{"a"' } },
      { function: { arguments: null, name: null }, id: null },
    ];
    expect(decodeOne(chunk({ delta: { tool_calls: toolCalls } }))).toEqual([
      {
        toolCallFragments: [
          { index: 0, id: "call_1", name: "f", arguments: "" },
          { index: 1, arguments: '{"a"' },
          {},
        ],
      },
    ]);
    expect(decodeOne(chunk({ delta: { tool_calls: [] } }))).toEqual([]);
  });

  it("reads only choice 0", () => {
    const line = chunk({ index: 1, delta: { content: "other" } }, {});
    const twoChoices = JSON.parse(line);
    twoChoices.choices.push({ index: 0, delta: { content: "mine" } });
    expect(decodeOne(JSON.stringify(twoChoices))).toEqual([{ content: "mine" }]);
  });
});

describe("createUpstreamDecoder: errors", () => {
  it("turns an `error` object in a data line into an error delta", () => {
    const line = JSON.stringify({
      error: { message: "engine died", type: "internal_error", param: null, code: 500 },
    });
    expect(decodeBody([sse(line), "data: [DONE]\n\n"])).toEqual([
      { error: { message: "engine died", type: "internal_error", code: 500, status: 500 } },
      { done: true },
    ]);
  });

  it("reads a string error code without inventing a status", () => {
    const line = JSON.stringify({
      error: { message: "too long", type: "invalid_request_error", code: "context_length_exceeded" },
    });
    expect(decodeOne(line)).toEqual([
      { error: { message: "too long", type: "invalid_request_error", code: "context_length_exceeded" } },
    ]);
  });

  it("reads the llama.cpp `error:` field", () => {
    const body =
      'error: {"code":400,"message":"the request exceeds the available context size","type":"exceed_context_size_error"}\n\ndata: [DONE]\n\n';
    expect(decodeBody([body])).toEqual([
      {
        error: {
          message: "the request exceeds the available context size",
          type: "exceed_context_size_error",
          code: 400,
          status: 400,
        },
      },
      { done: true },
    ]);
  });

  it("reads an `event: error` whatever its data", () => {
    expect(decodeBody(['event: error\ndata: {"message":"overloaded","code":503}\n\n'])).toEqual([
      { error: { message: "overloaded", code: 503, status: 503 } },
    ]);
    expect(decodeBody(["event: error\ndata: upstream timed out\n\n"])).toEqual([
      { error: { message: "upstream timed out" } },
    ]);
  });

  it("never skips a data line that is not JSON", () => {
    expect(decodeBody(['data: {"choices": [\n\n'])).toEqual([
      {
        error: {
          message: 'upstream sent a data line that is not JSON: {"choices": [',
          type: "invalid_upstream_chunk",
        },
      },
    ]);
    const long = `not json ${"x".repeat(500)}`;
    const [delta] = decodeBody([`data: ${long}\n\n`]);
    expect(delta?.error?.message).toBe(`upstream sent a data line that is not JSON: ${long.slice(0, 200)}`);
  });

  it("reports a chunk with a field of the wrong type", () => {
    const [delta] = decodeOne(chunk({ delta: { content: 5 } }));
    expect(delta?.error?.type).toBe("invalid_upstream_chunk");
    expect(delta?.error?.message).toContain("choices[0].delta.content");
  });
});

describe("createUpstreamDecoder: a JSON answer to a stream request", () => {
  const completion = {
    id: "chatcmpl-9",
    object: "chat.completion",
    created: 1,
    model: "qwen3",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: "Checking both.",
          reasoning_content: "Two cities.",
          tool_calls: [
            {
              id: "call_a",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            },
            {
              id: "call_b",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Rome"}' },
            },
          ],
        },
        logprobs: null,
        finish_reason: "tool_calls",
        stop_reason: null,
      },
    ],
    usage: {
      prompt_tokens: 50,
      completion_tokens: 20,
      total_tokens: 70,
      prompt_tokens_details: { cached_tokens: 32 },
    },
  };
  const expected: UpstreamDelta[] = [
    { reasoning: "Two cities." },
    {
      content: "Checking both.",
      toolCallFragments: [
        { index: 0, id: "call_a", name: "get_weather", arguments: '{"city":"Paris"}' },
        { index: 1, id: "call_b", name: "get_weather", arguments: '{"city":"Rome"}' },
      ],
      finishReason: "tool_calls",
      usage: { promptTokens: 50, completionTokens: 20, cachedTokens: 32 },
    },
    { done: true },
  ];

  it("decodes a chat.completion into the same deltas, then done", () => {
    const body = JSON.stringify(completion, null, 2);
    expect(decodeBody([`\n  ${body}\n`])).toEqual(expected);
    for (let position = 0; position <= byteLength(body); position += 3)
      expect(decodeBody(splitBytes(body, [position]))).toEqual(expected);
  });

  it("reads stop_reason / matched_stop and `reasoning` of a chat.completion", () => {
    const choice = {
      index: 0,
      message: { content: "1 2 3", reasoning: "count" },
      finish_reason: "stop",
      matched_stop: "4",
    };
    expect(decodeBody([JSON.stringify({ choices: [choice] })])).toEqual([
      { reasoning: "count" },
      { content: "1 2 3", finishReason: "stop", matchedStop: "4" },
      { done: true },
    ]);
  });

  it("decodes error bodies: OpenAI/vLLM `{error}` and the flat vLLM shape", () => {
    const nested = { error: { message: "model not found", type: "NotFoundError", param: null, code: 404 } };
    expect(decodeBody([JSON.stringify(nested)])).toEqual([
      { error: { message: "model not found", type: "NotFoundError", code: 404, status: 404 } },
    ]);
    const flat = {
      object: "error",
      message: "max_tokens is too large",
      type: "BadRequestError",
      param: null,
      code: 400,
    };
    expect(decodeBody([JSON.stringify(flat)])).toEqual([
      { error: { message: "max_tokens is too large", type: "BadRequestError", code: 400, status: 400 } },
    ]);
    expect(decodeBody(['{"error":"model \\"qwen9\\" not found"}'])).toEqual([
      { error: { message: 'model "qwen9" not found' } },
    ]);
  });

  it("reports a JSON body that does not parse or is not a completion", () => {
    const [cut] = decodeBody(['{"choices": [']);
    expect(cut?.error).toEqual({
      message: 'upstream sent a body that is not JSON: {"choices": [',
      type: "invalid_upstream_chunk",
    });
    const [wrong] = decodeBody(['{"choices": 3}']);
    expect(wrong?.error?.type).toBe("invalid_upstream_chunk");
    expect(wrong?.error?.message).toContain("ChatCompletion");
  });
});

describe("createUpstreamDecoder: bounded buffers", () => {
  const decodeWithCap = (pieces: readonly string[], maxBufferLength: number) => {
    const deltas: UpstreamDelta[] = [];
    const decoder = createUpstreamDecoder((delta) => deltas.push(delta), { maxBufferLength });
    for (const piece of pieces) decoder.push(piece);
    decoder.end();
    return deltas;
  };
  const line = chunk({ delta: { content: "x".repeat(100) } });

  it("reports an SSE event longer than the cap once and ignores the rest of the body", () => {
    const deltas = decodeWithCap(
      [`data: ${line}\n\n`, `data: ${line.slice(0, 50)}`, line.slice(50), "\n\ndata: [DONE]\n\n"],
      120,
    );
    expect(deltas).toEqual([
      { content: "x".repeat(100) },
      {
        error: {
          message: "upstream sent an event longer than 120 characters; the rest of the body is ignored",
          type: "invalid_upstream_chunk",
        },
      },
    ]);
  });

  it("caps a JSON answer too", () => {
    const deltas = decodeWithCap(
      [`{"choices":[{"message":{"content":"${"y".repeat(50)}`, `${"y".repeat(50)}"}}]}`],
      80,
    );
    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.error?.message).toContain("longer than 80 characters");
  });
});
