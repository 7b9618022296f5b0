import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeSseEvents, type MessageStreamEvent } from "@sluice/protocol-anthropic";
import { Schema } from "effect";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config";
import { RecordedExchangeSchema } from "../../src/record/recorded-exchange";
import { replayExchange } from "../../src/record/replay-exchange";
import { readChunks, type ScriptedReply } from "../server/scripted-upstream";
import { post } from "../server/test-gateway";
import { waitUntil } from "../server/wait-until";
import { refusedOrigin } from "../upstream/local-server";
import {
  askGateway,
  BASH_TOOL,
  CLIENT_KEY,
  HEADER_SECRET,
  type RecordingRun,
  startRecordingRun,
  UPSTREAM_KEY,
} from "./record-exchange";

const rawQwen = readChunks("raw-qwen35-thinking-text-tool-call");
const decode = Schema.decodeUnknownSync(RecordedExchangeSchema);

const directories: string[] = [];
const runs: RecordingRun[] = [];
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "sluice-record-test-"));
  directories.push(directory);
  return directory;
}

async function start(
  reply: (model: string) => ScriptedReply,
  options: {
    readonly server?: string;
    readonly model?: string;
    readonly directory?: string;
    readonly replicasBefore?: readonly string[];
  } = {},
): Promise<RecordingRun> {
  const run = await startRecordingRun(options.directory ?? temporaryDirectory(), reply, options);
  runs.push(run);
  return run;
}

afterEach(async () => {
  for (const run of runs.splice(0)) await run.close();
});
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

// A chunk whose content echoes the upstream key (an upstream that repeats what it was sent, as some do
// in errors), written as two raw writes cut inside the key, so the key arrives split between two reads.
const echoChunk = `data: ${JSON.stringify({
  choices: [{ index: 0, delta: { content: `your key is ${UPSTREAM_KEY} and Bearer ${UPSTREAM_KEY}` } }],
})}\n\n`;
const cut = echoChunk.indexOf(UPSTREAM_KEY) + 7;
const echoReply: ScriptedReply = {
  raw: [
    echoChunk.slice(0, cut),
    echoChunk.slice(cut),
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`,
  ],
  delayMs: () => 30,
};

const request = (overrides: Record<string, unknown>) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 512,
  tools: [BASH_TOOL],
  thinking: { type: "enabled", budget_tokens: 256 },
  messages: [{ role: "user", content: "List the files." }],
  ...overrides,
});

describe("server.record_dir", { timeout: 30_000 }, () => {
  it("writes one file per exchange, streamed and not, with what a replay needs", async () => {
    const run = await start(() => ({ payloads: rawQwen }), { model: "    preset: qwen3.5" });
    const streamed = await askGateway(run.gateway.origin, request({ stream: true }));
    const streamedText = await streamed.text();
    const whole = await askGateway(run.gateway.origin, request({ stream: false }));
    expect(whole.status).toBe(200);
    await whole.json();
    const texts = await run.texts(2);
    expect(texts).toHaveLength(2);
    const names = run.files();
    for (const name of names)
      expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-req_[\w-]+\.json$/);

    const files = texts.map((text) => decode(JSON.parse(text)));
    const ids = [streamed.headers.get("request-id"), whole.headers.get("request-id")];
    expect(files.map((file) => file.request_id).sort()).toEqual([...ids].sort());
    for (const file of files) {
      expect(file).toMatchObject({
        format: "sluice-exchange",
        version: 1,
        route: "/v1/messages",
        status: 200,
        truncated: false,
        model: { name: "m", preset: "qwen3.5", reasoning_parser: "qwen3", tool_parser: "qwen_xml" },
        transcoder: {
          reasoning: "qwen3",
          tool: "qwen_xml",
          thinking: true,
          tools: [{ name: "Bash", input_schema: BASH_TOOL.input_schema }],
          model: "claude-sonnet-4-5",
        },
        upstream: { status: 200, error: null, request: { model: "Qwen/Qwen3.5-122B-A10B", stream: true } },
      });
      expect(file.model.thinking_kwarg).toBe("enable_thinking");
      expect((file.client.body as { messages: unknown }).messages).toEqual(request({}).messages);
      expect(file.upstream.reads.map((read) => read.text).join("")).toBe(
        rawQwen.map((payload) => `data: ${payload}\n\n`).join(""),
      );
      const times = file.upstream.reads.map((read) => read.t);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(file.events.at(-1)).toEqual({ type: "message_stop" });
      const replay = replayExchange(file);
      expect(replay.kind === "replayed" && replay.difference).toBeUndefined();
    }
    // The streamed file's events are what the client read, byte for byte.
    const streamedFile = files.find((file) => file.request_id === ids[0]);
    const replayed = replayExchange(streamedFile!);
    if (replayed.kind !== "replayed") throw new Error(replayed.kind);
    expect(encodeSseEvents(replayed.events)).toBe(streamedText);
  });

  it("decodes the reads as one stream: a character split between two reads is whole in the file", async () => {
    const chunk = new TextEncoder().encode(
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "café ☕ done" } }] })}\n\n`,
    );
    // Cut inside "é" (2 bytes) and inside "☕" (3 bytes).
    const first = chunk.indexOf(0xc3) + 1;
    const second = chunk.indexOf(0xe2) + 2;
    const finish = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`;
    const run = await start(() => ({
      raw: [chunk.subarray(0, first), chunk.subarray(first, second), chunk.subarray(second), finish],
      delayMs: () => 20,
    }));
    const response = await askGateway(run.gateway.origin, request({ stream: true }));
    expect(response.status).toBe(200);
    await response.text();
    const [text] = await run.texts(1);
    const file = decode(JSON.parse(text as string));
    const reads = file.upstream.reads.map((read) => read.text);
    expect(reads.join("")).toContain("café ☕ done");
    expect(reads.join("")).not.toContain("\uFFFD");
    // Each read holds the characters it completed: the cut ones go with the read that ends them.
    expect(reads.some((read) => read.endsWith("caf"))).toBe(true);
    const replay = replayExchange(file);
    expect(replay.kind === "replayed" && replay.difference).toBeUndefined();
  });

  it("records the OpenAI surfaces too: the pipeline's events, which replay without a difference", async () => {
    const run = await start(() => ({ payloads: rawQwen }), { model: "    preset: qwen3.5" });
    const headers = { authorization: `Bearer ${CLIENT_KEY}` };
    const bash = {
      type: "function",
      function: { name: "Bash", parameters: BASH_TOOL.input_schema },
    };
    const messages = [{ role: "user", content: "List the files." }];
    const chat = await post(
      run.gateway.origin,
      "/v1/chat/completions",
      { model: "m", stream: true, messages, tools: [bash] },
      headers,
    );
    expect(chat.status).toBe(200);
    await chat.text();
    const responses = await post(
      run.gateway.origin,
      "/v1/responses",
      {
        model: "m",
        input: "List the files.",
        tools: [{ type: "function", name: "Bash", parameters: BASH_TOOL.input_schema }],
      },
      headers,
    );
    expect(responses.status).toBe(200);
    await responses.json();
    const files = (await run.texts(2)).map((text) => decode(JSON.parse(text)));
    expect(files.map((file) => file.route).sort()).toEqual(["/v1/chat/completions", "/v1/responses"]);
    for (const file of files) {
      // The OpenAI encoders re-encode these events; what the pipeline decided is what a replay checks.
      expect(JSON.stringify(file.events)).toContain('"content_block":{"type":"tool_use"');
      const replay = replayExchange(file);
      expect(replay.kind === "replayed" && replay.difference).toBeUndefined();
    }
  });

  it("names the replica that answered when base_url lists several", async () => {
    // Nothing can listen on port 0: the first replica refuses, and the request fails over.
    const dead = `${refusedOrigin()}/v1`;
    const run = await start(() => ({ payloads: rawQwen }), { replicasBefore: [dead] });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await askGateway(run.gateway.origin, request({ stream: false }));
      expect(response.status).toBe(200);
      await response.json();
    }
    const files = (await run.texts(2)).map((text) => decode(JSON.parse(text)));
    for (const file of files) {
      expect(file.upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions$/);
      expect(file.upstream.url).not.toContain(":0/");
    }
  });

  it("keeps no key, credential header or configured secret anywhere in the file", async () => {
    const run = await start(() => echoReply);
    for (const headers of [
      { authorization: `Bearer ${CLIENT_KEY}` },
      { "x-api-key": CLIENT_KEY, "x-echo": HEADER_SECRET },
    ]) {
      const response = await askGateway(run.gateway.origin, request({ stream: true }), headers);
      expect(response.status).toBe(200);
      await response.text();
    }
    const texts = await run.texts(2);
    for (const text of texts) {
      for (const secret of [CLIENT_KEY, UPSTREAM_KEY, HEADER_SECRET, "cookie-value-1234"]) {
        expect(text).not.toContain(secret);
      }
      // Not even the halves of the key the upstream echoed in two reads.
      expect(text).not.toContain(UPSTREAM_KEY.slice(0, 7));
      expect(text).not.toContain(UPSTREAM_KEY.slice(7));
      const file = decode(JSON.parse(text));
      for (const name of ["authorization", "x-api-key", "cookie"])
        expect(file.client.headers).not.toHaveProperty(name);
      expect(file.upstream.reads.length).toBeGreaterThanOrEqual(2);
      expect(file.upstream.reads.map((read) => read.text).join("")).toContain(
        "your key is [redacted] and Bearer [redacted]",
      );
      const replay = replayExchange(file);
      expect(replay.kind === "replayed" && replay.difference).toBeUndefined();
    }
  });

  it("keeps no piece of a key the model wrote across two deltas, cut at every position", async () => {
    const contentChunk = (content: string) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
    const finish = `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`;
    const cuts = Array.from({ length: UPSTREAM_KEY.length - 1 }, (_, index) => index + 1);
    // The requests go one after the other: the upstream's n-th request is the cut after n characters.
    let served = 0;
    const run = await start(() => {
      served += 1;
      const at = served;
      return {
        raw: [
          contentChunk(`left ${UPSTREAM_KEY.slice(0, at)}`),
          contentChunk(`${UPSTREAM_KEY.slice(at)} right`),
          finish,
        ],
        delayMs: () => 5,
      };
    });
    for (const at of cuts) {
      const response = await askGateway(run.gateway.origin, {
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        stream: at % 2 === 0,
        messages: [{ role: "user", content: `cut ${at}` }],
      });
      expect(response.status).toBe(200);
      await response.text();
    }
    const files = (await run.texts(cuts.length)).map((text) => ({ text, file: decode(JSON.parse(text)) }));
    expect(files).toHaveLength(cuts.length);
    for (const { text, file } of files) {
      const at = Number(
        (file.client.body as { messages: { content: string }[] }).messages[0]?.content.slice(4),
      );
      // What the model said, as the events have it and as the reads decode: the key gone, nothing else.
      const said = (file.events as unknown as MessageStreamEvent[])
        .map((event) =>
          event.type === "content_block_delta" && event.delta.type === "text_delta" ? event.delta.text : "",
        )
        .join("");
      expect(said, `cut after ${at}`).toBe("left [redacted] right");
      const read = [
        ...file.upstream.reads
          .map((entry) => entry.text)
          .join("")
          .matchAll(/^data: (\{.*)$/gm),
      ]
        .map(
          (match) =>
            (JSON.parse(match[1] as string) as { choices: { delta: { content?: string } }[] }).choices,
        )
        .map((choices) => choices[0]?.delta.content ?? "")
        .join("");
      expect(read, `cut after ${at}`).toBe("left [redacted] right");
      // Neither half, where a half is long enough to tell from other text.
      if (at >= 6) expect(text).not.toContain(UPSTREAM_KEY.slice(0, at));
      if (UPSTREAM_KEY.length - at >= 6) expect(text).not.toContain(UPSTREAM_KEY.slice(at));
      const replay = replayExchange(file);
      expect(replay.kind === "replayed" && replay.difference, `cut after ${at}`).toBeUndefined();
    }
  });

  it("stops recording upstream reads past record_max_bytes and says the file was truncated", async () => {
    // Paced, so the reads arrive one event each (a cap is counted in whole reads).
    const run = await start(() => ({ payloads: rawQwen, delayMs: () => 3 }), {
      server: "  record_max_bytes: 2000",
      model: "    preset: qwen3.5",
    });
    const response = await askGateway(run.gateway.origin, request({ stream: true }));
    const events = await response.text();
    expect(events).toContain("message_stop");
    const [text] = await run.texts(1);
    const file = decode(JSON.parse(text as string));
    expect(file.truncated).toBe(true);
    expect(file.max_bytes).toBe(2000);
    const recorded = file.upstream.reads.reduce((sum, read) => sum + Buffer.byteLength(read.text), 0);
    expect(recorded).toBeGreaterThan(0);
    expect(recorded).toBeLessThanOrEqual(2000);
    expect(file.events.some((event) => event.type === "message_stop")).toBe(false);
    // What was kept still replays, up to the cut.
    const replay = replayExchange(file);
    expect(replay).toMatchObject({ kind: "replayed", truncated: true, difference: undefined });
  });

  it("records nothing once a reload turns record_dir off (off is the default)", async () => {
    const directory = temporaryDirectory();
    const run = await start(() => ({ payloads: rawQwen }), { directory });
    await (await askGateway(run.gateway.origin, request({ stream: true }))).text();
    await run.texts(1);
    const config = run.gateway.gateway.config;
    expect(config.server.recordDir).toBe(directory);
    const { recordDir: _off, ...server } = config.server;
    run.gateway.gateway.reload({ ...config, server });
    expect(
      parseConfig("models:\n  - name: m\n    upstream: {base_url: demo}\n", {}).server.recordDir,
    ).toBeUndefined();
    await (await askGateway(run.gateway.origin, request({ stream: true }))).text();
    await (await askGateway(run.gateway.origin, request({ stream: false }))).text();
    // Then recording on again, into another directory: once that exchange's file is there, a file the two
    // exchanges before it wrote would be there too (each is written as its exchange ends).
    const later = temporaryDirectory();
    run.gateway.gateway.reload({ ...config, server: { ...server, recordDir: later } });
    await (await askGateway(run.gateway.origin, request({ stream: true }))).text();
    await waitUntil(
      () => readdirSync(later).some((name) => name.endsWith(".json")),
      30_000,
      "the later file",
    );
    expect(readdirSync(directory).filter((name) => name.endsWith(".json"))).toHaveLength(1);
  });

  it("logs a warning when the file cannot be written, and the client still gets its answer", async () => {
    const parent = temporaryDirectory();
    const blocker = join(parent, "a-file");
    writeFileSync(blocker, "not a directory");
    const run = await start(() => ({ payloads: rawQwen }), {
      directory: join(blocker, "recordings"),
      model: "    preset: qwen3.5",
    });
    const response = await askGateway(run.gateway.origin, request({ stream: false }));
    expect(response.status).toBe(200);
    const message = (await response.json()) as { stop_reason: string };
    expect(message.stop_reason).toBe("tool_use");
    await waitUntil(() => run.gateway.logText().includes("recording not written"), 5000, "the warning");
    const line = run.gateway
      .logText()
      .split("\n")
      .find((entry) => entry.includes("recording not written"));
    expect(JSON.parse(line as string)).toMatchObject({
      level: 40,
      requestId: response.headers.get("request-id"),
    });
  });
});
