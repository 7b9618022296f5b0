import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import type {
  ConsoleInfo,
  ConsoleStreamEvent,
  ExchangeDetail,
  ExchangeSummary,
  ModelsView,
} from "@sluice/console";
import { Schema } from "effect";
import { createParser } from "eventsource-parser";
import { afterEach, describe, expect, it } from "vitest";
import { RecordedExchangeSchema } from "../../src/record/recorded-exchange";
import { replayExchange } from "../../src/record/replay-exchange";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedUpstream,
  startScriptedUpstream,
} from "../server/scripted-upstream";
import { post, startTestGateway, type TestGateway } from "../server/test-gateway";

const KEY = "sk-console-test-key-0123456789";
const UPSTREAM_KEY = "sk-upstream-console-9876543210";
const WEATHER = {
  name: "get_weather",
  description: "Weather for a city",
  input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

let upstream: ScriptedUpstream | undefined;
let gateway: TestGateway | undefined;

afterEach(async () => {
  await gateway?.close();
  await upstream?.close();
  gateway = undefined;
  upstream = undefined;
});

async function start(
  server: string[],
  reply: () => ScriptedReply = () => ({ payloads: readChunks("raw-qwen35-thinking-text-tool-call") }),
): Promise<TestGateway> {
  upstream = await startScriptedUpstream(reply);
  gateway = await startTestGateway(
    [
      "server:",
      `  api_keys: [${KEY}]`,
      ...server.map((line) => `  ${line}`),
      "models:",
      "  - name: qwen",
      "    preset: qwen3.5",
      "    upstream:",
      `      base_url: ${upstream.baseUrl}`,
      "      model: Qwen/Qwen3.5-122B-A10B",
      `      api_key: ${UPSTREAM_KEY}`,
    ].join("\n"),
  );
  return gateway;
}

async function ask(origin: string): Promise<void> {
  const client = new Anthropic({ baseURL: origin, apiKey: KEY, maxRetries: 0 });
  const stream = client.messages.stream({
    model: "qwen",
    max_tokens: 1000,
    tools: [WEATHER],
    messages: [{ role: "user", content: "Weather in Paris?" }],
  });
  await stream.finalMessage();
}

/** `key` "": no key at all. */
const get = (origin: string, path: string, key = KEY): Promise<Response> =>
  fetch(`${origin}${path}`, { headers: key === "" ? {} : { "x-api-key": key } });

/** The live list's events until `until` says enough (or the stream ends). */
async function readStream(
  origin: string,
  until: (events: ConsoleStreamEvent[]) => boolean,
  onOpen: () => Promise<void>,
): Promise<ConsoleStreamEvent[]> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/console/api/stream`, {
    headers: { "x-api-key": KEY },
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const events: ConsoleStreamEvent[] = [];
  const parser = createParser({
    onEvent: (event) =>
      events.push({ event: event.event, data: JSON.parse(event.data) } as ConsoleStreamEvent),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let opened = false;
  try {
    while (!until(events)) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (!opened && events.length > 0) {
        opened = true;
        void onOpen();
      }
    }
  } finally {
    controller.abort();
  }
  return events;
}

describe("the console's API", () => {
  it("is off unless server.console is on: every /console path is 404, saying how to turn it on", async () => {
    const { origin } = await start([]);
    for (const path of ["/console", "/console/api/info", "/console/api/stream"]) {
      const response = await get(origin, path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("server.console: true");
    }
  });

  it("asks for the client key on its API, never on the page", async () => {
    const { origin } = await start(["console: true"]);
    expect((await get(origin, "/console/api/info", "")).status).toBe(401);
    expect((await get(origin, "/console/api/info", "sk-wrong")).status).toBe(401);
    const info = await (await get(origin, "/console/api/info")).json();
    expect(info).toMatchObject({
      ring: { maxExchanges: 1000, maxBytes: 67_108_864 },
      held: { exchanges: 0 },
    });
  });

  it("lists a request live, from its arrival to its end, with client, model, stop reason and tokens", async () => {
    const { origin } = await start(["console: true"]);
    const events = await readStream(
      origin,
      (seen) => seen.some((event) => event.event === "exchange" && event.data.state === "done"),
      () => ask(origin),
    );
    expect(events[0]).toEqual({ event: "snapshot", data: { exchanges: [] } });
    const updates = events
      .filter((event) => event.event === "exchange")
      .map((event) => event.data as ExchangeSummary);
    expect(updates[0]).toMatchObject({ state: "open", route: "/v1/messages", client: "Anthropic SDK" });
    const done = updates.at(-1) as ExchangeSummary;
    expect(done).toMatchObject({
      state: "done",
      status: 200,
      model: "qwen",
      servedBy: "qwen",
      preset: "qwen3.5",
      stopReason: "tool_use",
      client: "Anthropic SDK",
      detail: true,
    });
    expect(done.upstreamUrl).toContain("/chat/completions");
    expect(done.outputTokens).toBeGreaterThan(0);
    expect(done.reads).toBeGreaterThan(0);
    expect(done.bytes).toBeGreaterThan(0);
    // The console's own requests are not in its list.
    const listed = ((await (await get(origin, "/console/api/info")).json()) as ConsoleInfo).held.exchanges;
    expect(listed).toBe(1);
  });

  it("shows one exchange: the raw markup per read, the events, and which read each event followed", async () => {
    const { origin } = await start(["console: true"]);
    await ask(origin);
    const [summary] = (await waitForHeld(origin, 1)) as ExchangeSummary[];
    const detail = (await (
      await get(origin, `/console/api/exchanges/${summary?.id}`)
    ).json()) as ExchangeDetail;
    const raw = detail.reads.flatMap((read) => read.pieces.map((piece) => piece.text)).join("");
    expect(raw).toContain("<tool_call>");
    expect(raw).toContain("<parameter=");
    expect(detail.eventReads).toHaveLength(detail.record.events.length);
    expect(detail.eventReads[0]).toBe(-1);
    const toolStart = detail.record.events.findIndex((event) => event.content_block?.type === "tool_use");
    expect(toolStart).toBeGreaterThan(0);
    // The read a tool block starts after carries part of its markup.
    const startRead = detail.eventReads[toolStart] as number;
    expect(detail.reads[startRead]?.pieces.map((piece) => piece.text).join("")).not.toBe("");
    // Scrubbed like a record file: neither key is anywhere in it.
    const text = JSON.stringify(detail);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(UPSTREAM_KEY);
  });

  // A token the client pasted into its message, which the upstream echoes back split between two reads
  // along with the upstream's own key: the Bearer pattern and the configured key, as a record file has them.
  const PASTED = "sk-pasted-in-a-message-1234567890";
  const echo = `data: ${JSON.stringify({
    choices: [{ index: 0, delta: { content: `you said Bearer ${PASTED}; my key is ${UPSTREAM_KEY}` } }],
  })}\n\n`;
  const echoReply = (): ScriptedReply => ({
    raw: [
      echo.slice(0, echo.indexOf(PASTED) + 9),
      echo.slice(echo.indexOf(PASTED) + 9),
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`,
    ],
    delayMs: () => 20,
  });

  it.each([
    ["scrubbed when asked (console alone)", false],
    ["made for record_dir", true],
  ])(
    "serves no key, credential or Bearer token in the detail or the download: the file %s",
    async (_, records) => {
      const directory = records ? mkdtempSync(join(tmpdir(), "sluice-console-test-")) : undefined;
      try {
        const { origin } = await start(
          ["console: true", ...(directory === undefined ? [] : [`record_dir: ${JSON.stringify(directory)}`])],
          echoReply,
        );
        const response = await post(
          origin,
          "/v1/messages",
          {
            model: "qwen",
            max_tokens: 64,
            stream: true,
            messages: [{ role: "user", content: `Use Bearer ${PASTED}, or ${UPSTREAM_KEY}.` }],
          },
          { authorization: `Bearer ${KEY}`, "x-echo": `Bearer ${PASTED}` },
        );
        expect(response.status).toBe(200);
        await response.text();
        const [summary] = (await waitForHeld(origin, 1)) as ExchangeSummary[];
        const detailText = await (await get(origin, `/console/api/exchanges/${summary?.id}`)).text();
        const fileText = await (await get(origin, `/console/api/exchanges/${summary?.id}/record`)).text();
        // Asked twice: the second answer (from the file kept after the first) is scrubbed the same.
        const again = await (await get(origin, `/console/api/exchanges/${summary?.id}/record`)).text();
        expect(again).toBe(fileText);
        for (const text of [detailText, fileText]) {
          for (const secret of [KEY, UPSTREAM_KEY, PASTED]) expect(text).not.toContain(secret);
          // Nor the halves the upstream's two reads carried.
          expect(text).not.toContain(PASTED.slice(0, 9));
          expect(text).not.toContain(PASTED.slice(9));
        }
        const file = Schema.decodeUnknownSync(RecordedExchangeSchema)(JSON.parse(fileText));
        expect(file.client.headers).not.toHaveProperty("authorization");
        expect(file.client.headers["x-echo"]).toBe("Bearer [redacted]");
        expect(JSON.stringify(file.client.body)).toContain("Use Bearer [redacted], or [redacted].");
        expect(file.upstream.reads.map((read) => read.text).join("")).toContain(
          "you said Bearer [redacted]; my key is [redacted]",
        );
        expect(replayExchange(file)).toMatchObject({ kind: "replayed", difference: undefined });
        const detail = JSON.parse(detailText) as ExchangeDetail;
        expect(detail.record).toEqual(JSON.parse(fileText));
      } finally {
        if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
      }
    },
  );

  it("downloads an exchange as a record file that sluice replay replays unchanged", async () => {
    const { origin } = await start(["console: true"]);
    await ask(origin);
    const [summary] = (await waitForHeld(origin, 1)) as ExchangeSummary[];
    const held = async () => ((await (await get(origin, "/console/api/info")).json()) as ConsoleInfo).held;
    const before = await held();
    const response = await get(origin, `/console/api/exchanges/${summary?.id}/record`);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.json"$/);
    const text = await response.text();
    // Until asked, the ring counts the exchange's parts: about its file (JSON escapes aside) and the objects
    // holding each read; once built, the file itself.
    const after = await held();
    expect(before.bytes).toBeGreaterThan(text.length * 0.75);
    expect(before.bytes).toBeLessThan(512 + text.length + 256 * (summary?.reads ?? 0));
    expect(after).toEqual({ exchanges: 1, bytes: 512 + text.length });
    const recorded = Schema.decodeUnknownSync(RecordedExchangeSchema)(JSON.parse(text));
    const outcome = replayExchange(recorded);
    expect(outcome).toMatchObject({ kind: "replayed", difference: undefined });
  });

  it("keeps at most server.console_max_exchanges, dropping the oldest and saying so on the live list", async () => {
    const { origin } = await start(["console: true", "console_max_exchanges: 2"]);
    for (let index = 0; index < 3; index++) await ask(origin);
    const held = await waitForHeld(origin, 2);
    expect(held).toHaveLength(2);
    const info = (await (await get(origin, "/console/api/info")).json()) as ConsoleInfo;
    expect(info.held.exchanges).toBe(2);
  });

  it("shows each model with its preset, dialects, upstream and charts of its counts", async () => {
    const { origin } = await start(["console: true"]);
    await ask(origin);
    await waitForHeld(origin, 1);
    const view = (await (await get(origin, "/console/api/models")).json()) as ModelsView;
    expect(view.models).toHaveLength(1);
    const [model] = view.models;
    expect(model).toMatchObject({
      name: "qwen",
      preset: "qwen3.5",
      reasoningParser: "qwen3",
      toolParser: "qwen_xml",
      upstreamModel: "Qwen/Qwen3.5-122B-A10B",
      totals: { requests: 1, errors: 0 },
    });
    expect(model?.replicas).toEqual([expect.objectContaining({ health: "untracked" })]);
    expect(model?.series.requests).toHaveLength(90);
    expect(model?.series.requests.reduce((sum, value) => sum + value, 0)).toBe(1);
  });
});

/** The finished exchanges once `count` are held: from the live list's snapshot, then its updates (no polling). */
async function waitForHeld(origin: string, count: number): Promise<ExchangeSummary[]> {
  // The exchange enters the ring when its response has closed, a moment after the client read its end.
  const done = new Map<string, ExchangeSummary>();
  const note = (summary: ExchangeSummary): void => {
    if (summary.state === "done") done.set(summary.id, summary);
  };
  await readStream(
    origin,
    (events) => {
      done.clear();
      for (const event of events) {
        if (event.event === "snapshot") event.data.exchanges.forEach(note);
        if (event.event === "exchange") note(event.data);
        if (event.event === "evicted") for (const id of event.data.ids) done.delete(id);
      }
      return done.size >= count;
    },
    async () => {},
  );
  return [...done.values()];
}
