import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedUpstream,
  startScriptedUpstream,
} from "../server/scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";
import { waitUntil } from "../server/wait-until";
import { refusedOrigin } from "../upstream/local-server";
import { type PrometheusSample, sampleValue, scrape } from "./prometheus-text";

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
  JSON.stringify({
    id: "chatcmpl-m",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
const usage = (prompt: number, completion: number): string =>
  JSON.stringify({
    id: "chatcmpl-m",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  });
const toolCall = (index: number, name: string) => ({
  tool_calls: [{ index, id: `call_${index}`, type: "function", function: { name, arguments: "{}" } }],
});

// A server that parses itself answering with three calls at once: with disable_parallel_tool_use the
// gateway keeps the first and drops two, one warning each.
const threeCalls = [
  chunk({ role: "assistant", content: "" }),
  chunk(toolCall(0, "Read")),
  chunk(toolCall(1, "Read")),
  chunk(toolCall(2, "Read")),
  chunk({}, "tool_calls"),
  usage(10, 5),
  "[DONE]",
];

// A parsing server's call whose arguments are not an object (dropped before it started, with a notice), and
// one cut off after it started (an error, never a finished tool_use): docs/dialects.md §2, never silent.
const fragment = (index: number, fields: Record<string, unknown>) => ({
  tool_calls: [{ index, ...fields }],
});
const droppedCall = [
  chunk(fragment(0, { id: "call_d", type: "function", function: { name: "Store", arguments: "[1, 2]" } })),
  chunk({}, "tool_calls"),
  "[DONE]",
];
const cutCall = [
  chunk(
    fragment(0, {
      id: "call_c",
      type: "function",
      function: { name: "Bash", arguments: '{"command": "rm -rf /tmp/bu' },
    }),
  ),
  chunk({}, "tool_calls"),
  "[DONE]",
];

const replies = new Map<string, ScriptedReply>([
  ["dropped", { payloads: droppedCall }],
  ["cut", { payloads: cutCall }],
  // plain-text ends with usage 24 in, 6 out.
  ["alpha", { payloads: readChunks("plain-text") }],
  ["failing", { status: 500, body: JSON.stringify({ error: { message: "engine down" } }) }],
  ["broken-stream", { payloads: readChunks("error-chunk-mid-stream") }],
  ["warned", { payloads: threeCalls }],
  // One chunk, then silence with the socket open: a stream held open mid-way.
  ["paused", { payloads: readChunks("plain-text"), stallAfter: 2 }],
]);

let upstream: ScriptedUpstream;
let closedPort: string;
let gateway: TestGateway | undefined;

beforeAll(async () => {
  upstream = await startScriptedUpstream(
    (request) => replies.get(String(request.body.model)) ?? { status: 404, body: "{}" },
  );
  closedPort = `${refusedOrigin()}/v1`;
});

afterAll(async () => {
  await upstream?.close();
});

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

const CLIENT_KEY = "metrics-client-key";
const models = () =>
  ["alpha", "failing", "broken-stream", "warned", "paused", "dropped", "cut"]
    .map((name) => modelYaml(name, upstream.baseUrl))
    .join("") + modelYaml("refused", closedPort);

async function start(): Promise<TestGateway> {
  gateway = await startTestGateway(`server:\n  api_keys: [${CLIENT_KEY}]\nmodels:\n${models()}`);
  return gateway;
}

const auth = { "x-api-key": CLIENT_KEY };

/** Sends and reads a request to its end; returns the status. */
async function send(
  target: TestGateway,
  body: Record<string, unknown>,
  path = "/v1/messages",
): Promise<number> {
  const response = await post(target.origin, path, body, auth);
  await response.arrayBuffer();
  return response.status;
}

/** Metrics are counted from the request line, written once the response closed: wait for the lines. */
async function settledScrape(target: TestGateway, lines: number): Promise<PrometheusSample[]> {
  await waitUntil(() => target.requestLines().length >= lines, 30_000, `${lines} request lines`);
  return scrape(target.origin);
}

describe("GET /metrics", () => {
  it("counts requests, tokens, time to first byte and duration after known requests", async () => {
    const target = await start();
    expect(await send(target, messagesRequest("alpha", { stream: true }))).toBe(200);
    expect(await send(target, messagesRequest("alpha", { stream: true }))).toBe(200);
    expect(await send(target, messagesRequest("alpha"))).toBe(200);
    const samples = await settledScrape(target, 3);
    const alpha = { model: "alpha" };

    expect(
      sampleValue(samples, "sluice_requests_total", { ...alpha, route: "/v1/messages", status: "200" }),
    ).toBe(3);
    expect(sampleValue(samples, "sluice_input_tokens_total", alpha)).toBe(3 * 24);
    expect(sampleValue(samples, "sluice_output_tokens_total", alpha)).toBe(3 * 6);
    expect(sampleValue(samples, "sluice_time_to_first_byte_seconds_count", alpha)).toBe(3);
    expect(sampleValue(samples, "sluice_stream_duration_seconds_count", alpha)).toBe(3);
    expect(sampleValue(samples, "sluice_time_to_first_byte_seconds_sum", alpha)).toBeGreaterThan(0);
    expect(sampleValue(samples, "sluice_upstream_responses_total", { ...alpha, status: "200" })).toBe(3);
    expect(sampleValue(samples, "sluice_open_streams", alpha)).toBe(0);
    expect(sampleValue(samples, "sluice_errors_total")).toBe(0);
    expect(sampleValue(samples, "sluice_parser_warnings_total")).toBe(0);
    // The same +Inf bucket as the count: every observation fell in some bucket.
    expect(sampleValue(samples, "sluice_stream_duration_seconds_bucket", { ...alpha, le: "+Inf" })).toBe(3);
  });

  it("counts errors by the type the client got, and upstream statuses (error: no status came)", async () => {
    const target = await start();
    expect(await send(target, messagesRequest("failing"))).toBe(502);
    expect(await send(target, messagesRequest("refused", { stream: true }))).toBe(502);
    // An error inside a stream: the status is 200, the client got an error event.
    expect(await send(target, messagesRequest("broken-stream", { stream: true }))).toBe(200);
    expect(await send(target, messagesRequest("no-such-model"))).toBe(404);
    const samples = await settledScrape(target, 4);

    expect(sampleValue(samples, "sluice_errors_total", { model: "failing", type: "api_error" })).toBe(1);
    expect(sampleValue(samples, "sluice_upstream_responses_total", { model: "failing", status: "500" })).toBe(
      1,
    );
    expect(sampleValue(samples, "sluice_requests_total", { model: "failing", status: "502" })).toBe(1);

    expect(sampleValue(samples, "sluice_errors_total", { model: "refused", type: "api_error" })).toBe(1);
    expect(
      sampleValue(samples, "sluice_upstream_responses_total", { model: "refused", status: "error" }),
    ).toBe(1);

    expect(sampleValue(samples, "sluice_errors_total", { model: "broken-stream" })).toBe(1);
    expect(sampleValue(samples, "sluice_requests_total", { model: "broken-stream", status: "200" })).toBe(1);
    expect(
      sampleValue(samples, "sluice_upstream_responses_total", { model: "broken-stream", status: "200" }),
    ).toBe(1);

    // A name no model or alias serves is never a label value.
    expect(
      sampleValue(samples, "sluice_requests_total", {
        model: "unknown",
        route: "/v1/messages",
        status: "404",
      }),
    ).toBe(1);
    expect(sampleValue(samples, "sluice_errors_total", { model: "unknown", type: "not_found_error" })).toBe(
      1,
    );
    expect(samples.some((sample) => Object.values(sample.labels).includes("no-such-model"))).toBe(false);
    expect(sampleValue(samples, "sluice_errors_total")).toBe(4);
  });

  it("labels an unknown path `other` and counts a missing key as authentication_error", async () => {
    const target = await start();
    const unknownPaths = ["/v1/anything/secret-123", "/admin", "/v1/anything/else"];
    for (const path of unknownPaths) expect((await fetch(`${target.origin}${path}`)).status).toBe(404);
    expect((await post(target.origin, "/v1/messages", messagesRequest("alpha"))).status).toBe(401);
    const samples = await settledScrape(target, 4);
    expect(
      sampleValue(samples, "sluice_requests_total", { model: "unknown", route: "other", status: "404" }),
    ).toBe(3);
    expect(samples.some((sample) => sample.labels.route?.includes("secret"))).toBe(false);
    expect(
      sampleValue(samples, "sluice_errors_total", { model: "unknown", type: "authentication_error" }),
    ).toBe(1);
  });

  it("counts every parser warning by its code, not each code once", async () => {
    const target = await start();
    const status = await send(
      target,
      messagesRequest("warned", {
        stream: true,
        tools: [{ name: "Read", input_schema: { type: "object", properties: {} } }],
        tool_choice: { type: "auto", disable_parallel_tool_use: true },
      }),
    );
    expect(status).toBe(200);
    const samples = await settledScrape(target, 1);
    expect(
      sampleValue(samples, "sluice_parser_warnings_total", {
        model: "warned",
        code: "tool_call.parallel_dropped",
      }),
    ).toBe(2);
    expect(target.requestLines()[0]).toMatchObject({
      warnings: 2,
      warningCodes: ["tool_call.parallel_dropped"],
      warningCounts: { "tool_call.parallel_dropped": 2 },
    });
    expect(sampleValue(samples, "sluice_input_tokens_total", { model: "warned" })).toBe(10);
    expect(sampleValue(samples, "sluice_output_tokens_total", { model: "warned" })).toBe(5);
  });

  it("counts a structured call that was dropped (the client got a notice) or cut (the client got an error)", async () => {
    const target = await start();
    const dropped = await post(
      target.origin,
      "/v1/messages",
      messagesRequest("dropped", { stream: false }),
      auth,
    );
    expect(dropped.status).toBe(200);
    expect(await dropped.json()).toMatchObject({
      stop_reason: "end_turn",
      content: [{ type: "text", text: expect.stringContaining('Sluice dropped the tool call "Store"') }],
    });
    const cut = await post(target.origin, "/v1/messages", messagesRequest("cut", { stream: true }), auth);
    const events = await cut.text();
    expect(events).toContain("event: error");
    expect(events).toContain('the arguments of tool call \\"Bash\\" were cut off');
    expect(events).not.toContain("message_stop");
    const samples = await settledScrape(target, 2);
    expect(
      sampleValue(samples, "sluice_parser_warnings_total", { model: "dropped", code: "tool_call.malformed" }),
    ).toBe(1);
    expect(
      sampleValue(samples, "sluice_parser_warnings_total", { model: "cut", code: "tool_call.truncated" }),
    ).toBe(1);
    expect(sampleValue(samples, "sluice_errors_total", { model: "cut", type: "api_error" })).toBe(1);
  });

  it("shows a stream held open mid-way as one open stream, and none once the client left", async () => {
    const target = await start();
    const client = new AbortController();
    const response = await post(
      target.origin,
      "/v1/messages",
      messagesRequest("paused", { stream: true }),
      auth,
      client.signal,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("message_start");
    const during = await scrape(target.origin);
    expect(sampleValue(during, "sluice_open_streams", { model: "paused" })).toBe(1);

    client.abort();
    const after = await settledScrape(target, 2);
    expect(sampleValue(after, "sluice_open_streams", { model: "paused" })).toBe(0);
    // 499: the client went away first; nobody received an error, so none is counted.
    expect(sampleValue(after, "sluice_requests_total", { model: "paused", status: "499" })).toBe(1);
    expect(sampleValue(after, "sluice_errors_total", { model: "paused" })).toBe(0);
  });

  it("needs no key, writes registry.contentType and the process metrics, and counts per gateway", async () => {
    const target = await start();
    const other = await startTestGateway(`models:\n${modelYaml("alpha", upstream.baseUrl)}`);
    try {
      expect(await send(target, messagesRequest("alpha"))).toBe(200);
      const response = await fetch(`${target.origin}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      const text = await response.text();
      expect(text).toContain("# TYPE sluice_requests_total counter");
      expect(text).toContain("# TYPE sluice_time_to_first_byte_seconds histogram");
      expect(text).toContain("process_cpu_user_seconds_total");
      expect(text).toContain("nodejs_heap_size_used_bytes");

      // Another gateway in the same process has its own counts (and the same process metrics).
      const elsewhere = await scrape(other.origin);
      expect(sampleValue(elsewhere, "sluice_requests_total", { route: "/v1/messages" })).toBe(0);
      expect(sampleValue(elsewhere, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect((await fetch(`${target.origin}/metrics`, { method: "HEAD" })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
