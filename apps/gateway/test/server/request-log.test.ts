import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayLogger } from "../../src/server/observe/create-gateway-logger";
import { logRequest } from "../../src/server/observe/request-log";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedUpstream,
  startScriptedUpstream,
} from "./scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";
import { waitUntil } from "./wait-until";

const CLIENT_KEY = "client-secret-key-9d2e";
const UPSTREAM_KEY = "sk-upstream-secret-71bc";

const replies = new Map<string, ScriptedReply>([
  ["qwen", { payloads: readChunks("raw-qwen35-thinking-text-tool-call") }],
  // An upstream that echoes the gateway's key back in its error.
  [
    "echoing",
    { status: 401, body: JSON.stringify({ error: { message: `key ${UPSTREAM_KEY} is revoked` } }) },
  ],
]);

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(
    (request) => replies.get(String(request.body.model)) ?? { status: 404 },
  );
  const keyed = { upstream: { api_key: UPSTREAM_KEY } };
  gateway = await startTestGateway(
    `server:\n  api_keys: [${CLIENT_KEY}]\nmodels:\n${modelYaml("qwen", upstream.baseUrl, {
      ...keyed,
      model: { preset: "qwen3.5" },
    })}${modelYaml("echoing", upstream.baseUrl, keyed)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const toolTurn = messagesRequest("qwen", {
  stream: true,
  thinking: { type: "enabled", budget_tokens: 1024 },
  tools: [
    {
      name: "Bash",
      input_schema: {
        type: "object",
        properties: { command: { type: "string" }, description: { type: "string" } },
      },
    },
  ],
});

describe("the request log", () => {
  it("writes ONE JSON line per request with what happened, and never a key", async () => {
    const requests: [string, Promise<Response>][] = [
      ["stream", post(gateway.origin, "/v1/messages?beta=true", toolTurn, { "x-api-key": CLIENT_KEY })],
      ["bearer", post(gateway.origin, "/v1/messages", toolTurn, { authorization: `Bearer ${CLIENT_KEY}` })],
      [
        "echoing",
        post(gateway.origin, "/v1/messages", messagesRequest("echoing"), { "x-api-key": CLIENT_KEY }),
      ],
      ["wrong key", post(gateway.origin, "/v1/messages", toolTurn, { "x-api-key": `${CLIENT_KEY}x` })],
      ["health", fetch(`${gateway.origin}/health`)],
    ];
    const ids = new Map<string, string>();
    for (const [name, pending] of requests) {
      const response = await pending;
      await response.arrayBuffer();
      ids.set(name, response.headers.get("request-id") ?? "");
    }
    // A line is written once the response closed and the handler finished, which can trail the client by a tick.
    await waitUntil(() => gateway.requestLines().length >= requests.length, 30_000, "every log line");

    const lines = gateway.requestLines();
    expect(lines).toHaveLength(requests.length);
    expect(new Set(lines.map((line) => line.requestId))).toEqual(new Set(ids.values()));

    const text = gateway.logText();
    expect(text).not.toContain(CLIENT_KEY);
    expect(text).not.toContain(UPSTREAM_KEY);
    expect(text.toLowerCase()).not.toContain("authorization");
    expect(text).not.toContain("Bearer");

    const line = (name: string) => lines.find((entry) => entry.requestId === ids.get(name));
    expect(line("stream")).toEqual({
      level: 30,
      time: expect.any(String),
      msg: "request",
      requestId: ids.get("stream"),
      method: "POST",
      path: "/v1/messages",
      model: "qwen",
      servedBy: "qwen",
      preset: "qwen3.5",
      stream: true,
      upstreamUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions$/),
      upstreamStatus: 200,
      stopReason: "tool_use",
      blocks: { thinking: 1, text: 1, tool_use: 1 },
      warnings: 0,
      inputTokens: 412,
      outputTokens: 57,
      ttfbMs: expect.any(Number),
      durationMs: expect.any(Number),
      status: 200,
    });
    expect(line("echoing")).toMatchObject({
      level: 50,
      status: 502,
      upstreamStatus: 401,
      error: { type: "api_error", message: expect.stringContaining("[redacted]") },
    });
    // The upstream failure also gets its own warn line naming the URL (scrubbed like the rest).
    const allLines = text
      .split("\n")
      .filter((entry) => entry !== "")
      .map((entry) => JSON.parse(entry) as Record<string, unknown>);
    expect(
      allLines.find((entry) => entry.requestId === ids.get("echoing") && entry.msg === "upstream error"),
    ).toMatchObject({
      level: 40,
      upstreamUrl: expect.stringContaining("/v1/chat/completions"),
      upstreamStatus: 401,
    });
    expect(line("wrong key")).toMatchObject({ status: 401, error: { type: "authentication_error" } });
    expect(line("health")).toMatchObject({ method: "GET", path: "/health", status: 200 });
  });

  it("logs warnings as a count and the list of their codes", () => {
    const lines: string[] = [];
    const logger = createGatewayLogger({ destination: { write: (line: string) => void lines.push(line) } });
    logRequest(logger, {
      requestId: "req_1",
      method: "POST",
      path: "/v1/messages",
      status: 200,
      warnings: 3,
      warningCodes: ["tool_call.parallel_dropped", "tool_call.truncated"],
    });
    logRequest(logger, { requestId: "req_2", method: "POST", path: "/v1/messages", status: 529 });
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({
      level: 30,
      warnings: 3,
      warningCodes: ["tool_call.parallel_dropped", "tool_call.truncated"],
    });
    // A 5xx is an error for the operator; everything else is info.
    expect(second).toMatchObject({ level: 50, status: 529 });
  });
});
