import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedOrigin } from "../upstream/local-server";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import {
  type ErrorBody,
  messagesRequest,
  modelYaml,
  parseSseText,
  post,
  readJson,
  startTestGateway,
  type TestGateway,
} from "./test-gateway";

const plainText = readChunks("plain-text");

/** One model server per replica, each answering every model the same way. */
let healthy: ScriptedUpstream;
let failing: ScriptedUpstream;
let busy: ScriptedUpstream;
let otherBusy: ScriptedUpstream;
let cutting: ScriptedUpstream;
let otherCutting: ScriptedUpstream;
let refusedBaseUrl: string;
let otherRefusedBaseUrl: string;
let gateway: TestGateway;

const list = (...baseUrls: string[]): string => `[${baseUrls.map((url) => `"${url}"`).join(", ")}]`;

beforeAll(async () => {
  healthy = await startScriptedUpstream(() => ({ payloads: plainText }));
  failing = await startScriptedUpstream(() => ({ status: 500, body: '{"error":{"message":"CUDA error"}}' }));
  const saturated = () => ({
    status: 503,
    headers: { "retry-after": "2" },
    body: '{"error":{"message":"busy"}}',
  });
  busy = await startScriptedUpstream(saturated);
  otherBusy = await startScriptedUpstream(saturated);
  // The first content chunks, a pause (so they surely reached the gateway), one more, then the socket is
  // destroyed: a cut after the first byte.
  const cut = () => ({
    payloads: plainText,
    delayMs: (index: number) => (index === 2 ? 100 : 0),
    cutAfter: 3,
  });
  cutting = await startScriptedUpstream(cut);
  otherCutting = await startScriptedUpstream(cut);
  refusedBaseUrl = `${refusedOrigin(1)}/v1`;
  otherRefusedBaseUrl = `${refusedOrigin(2)}/v1`;
  gateway = await startTestGateway(
    `models:\n${[
      modelYaml("mixed", list(refusedBaseUrl, failing.baseUrl, healthy.baseUrl)),
      modelYaml("cuts", list(cutting.baseUrl, otherCutting.baseUrl)),
      modelYaml("all-busy", list(busy.baseUrl, otherBusy.baseUrl)),
      modelYaml("all-refused", list(otherRefusedBaseUrl, refusedBaseUrl)),
    ].join("")}`,
    // The gateway's retries of a refused upstream, without their waits (unreachable-upstream.test.ts has those).
    { unreachableRetry: { delaysMs: [250, 500, 1000], wait: async () => undefined } },
  );
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(
    [healthy, failing, busy, otherBusy, cutting, otherCutting].map((upstream) => upstream?.close()),
  );
});

/** The SDK without its own retries: a success is the gateway's failover, not a second attempt. */
const client = (): Anthropic => new Anthropic({ apiKey: "k", baseURL: gateway.origin, maxRetries: 0 });

const logLines = (message: string): Record<string, unknown>[] =>
  gateway
    .logText()
    .split("\n")
    .filter((line) => line.includes(`"${message}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("replicas with failover, through the server (docs/config.md §1 base_url)", () => {
  it("serves every request through the healthy replica when one is down and one answers 500", async () => {
    for (let index = 0; index < 6; index++) {
      const message = await client().messages.create({
        model: "mixed",
        max_tokens: 64,
        messages: [{ role: "user", content: `Hi ${index}` }],
      });
      expect(message.content.length).toBeGreaterThan(0);
      let text = "";
      const stream = client().messages.stream({
        model: "mixed",
        max_tokens: 64,
        messages: [{ role: "user", content: `Hi again ${index}` }],
      });
      stream.on("text", (delta) => {
        text += delta;
      });
      await stream.finalMessage();
      expect(text).not.toBe("");
    }
    expect(healthy.requestsFor("mixed")).toHaveLength(12);
    // Tried at most until its cooldown (3 failures in a row), never again within the test.
    expect(failing.requestsFor("mixed").length).toBeGreaterThan(0);
    expect(failing.requestsFor("mixed").length).toBeLessThanOrEqual(3);

    const mixed = gateway.requestLines().filter((line) => line.servedBy === "mixed");
    expect(mixed).toHaveLength(12);
    for (const line of mixed) {
      expect(line).toMatchObject({ status: 200, upstreamStatus: 200 });
      expect(line.upstreamUrl).toBe(`${healthy.baseUrl}/chat/completions`);
    }
    const failovers = logLines("upstream replica failed, trying next");
    expect(failovers.some((line) => line.upstreamUrl === `${refusedBaseUrl}/chat/completions`)).toBe(true);
    expect(failovers.some((line) => line.upstreamStatus === 500)).toBe(true);
    expect(failovers.every((line) => line.level === 40)).toBe(true);
    expect(logLines("upstream replica cooling down").map((line) => line.upstreamUrl)).toEqual(
      expect.arrayContaining([`${refusedBaseUrl}/chat/completions`, `${failing.baseUrl}/chat/completions`]),
    );
  });

  it("ends a stream cut after its first byte with an SSE error event, and sends the request once", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("cuts", { stream: true }));
    expect(response.status).toBe(200);
    const { events } = parseSseText(await response.text());
    expect(events.some((event) => event.type === "content_block_delta")).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { type: "api_error" } });
    expect(cutting.requestsFor("cuts").length + otherCutting.requestsFor("cuts").length).toBe(1);
  });

  it("answers the last replica's failure, mapped as a single upstream's: 529 for 503s", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("all-busy"));
    expect(response.status).toBe(529);
    expect(response.headers.get("x-should-retry")).toBe("true");
    expect(response.headers.get("retry-after")).toBe("2");
    const body = await readJson<ErrorBody>(response);
    expect(body.error.type).toBe("overloaded_error");
    expect(busy.requestsFor("all-busy")).toHaveLength(1);
    expect(otherBusy.requestsFor("all-busy")).toHaveLength(1);
    const line = gateway.requestLines().find((entry) => entry.servedBy === "all-busy");
    expect(line?.upstreamUrl).toBe(`${otherBusy.baseUrl}/chat/completions`);
  });

  it("names every replica when every connection is refused, once, not retryable", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("all-refused"));
    expect(response.status).toBe(502);
    expect(response.headers.get("x-should-retry")).toBe("false");
    const body = await readJson<ErrorBody>(response);
    expect(body.error.message).toMatch(/^cannot connect to any of the 2 replicas: /);
    expect(body.error.message).toContain(`${otherRefusedBaseUrl}/chat/completions refused the connection`);
    expect(body.error.message).toContain(`${refusedBaseUrl}/chat/completions refused the connection`);
    // The request line names the replica that failed last (the attempts took turns).
    const line = gateway.requestLines().find((entry) => entry.servedBy === "all-refused");
    expect([`${refusedBaseUrl}/chat/completions`, `${otherRefusedBaseUrl}/chat/completions`]).toContain(
      line?.upstreamUrl,
    );
    expect(logLines("upstream error").some((entry) => entry.upstreamUrl === line?.upstreamUrl)).toBe(true);
  });
});
