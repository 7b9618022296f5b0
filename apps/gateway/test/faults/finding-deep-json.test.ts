import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text") }));
  gateway = await startTestGateway(`models:\n${modelYaml("m", upstream.baseUrl)}`);
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** `{"a": {"a": … 1 …}}`, `levels` deep, as text (JSON.stringify itself would overflow building it). */
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("finding 3: deep JSON is refused at the door with a clear 400", () => {
  it("answers 400 (not 500) for a 100k-deep value in a message", async () => {
    const body = JSON.stringify(messagesRequest("m")).replace(
      '"Hello"',
      deepObject(100_000).replace(/^/, "[").concat("]"),
    );
    const response = await post(gateway.origin, "/v1/messages", body);
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({
      error: { type: "invalid_request_error", message: expect.stringMatching(/deeper than 256 levels/) },
    });
    expect(response.headers.get("x-should-retry")).toBe("false");
  });

  it.each([
    ["/v1/messages", "Messages"],
    ["/v1/messages/count_tokens", "count_tokens"],
    ["/v1/chat/completions", "Chat Completions"],
    ["/v1/responses", "Responses"],
  ])("words the 400 for the route: %s", async (path, kind) => {
    const response = await post(gateway.origin, path, `{"model":"m","messages":${deepObject(300)}}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(
      `deeper than 256 levels; no ${kind} request needs that`,
    );
  });

  it("answers 400 (not 502) for a valid tool schema 4,100 levels deep", async () => {
    const schema = `{"type":"object","properties":{"x":${'{"type":"array","items":'.repeat(4100)}{"type":"string"}${"}".repeat(4100)}}}`;
    const body = JSON.stringify(
      messagesRequest("m", { tools: [{ name: "t", input_schema: "SCHEMA" }] }),
    ).replace('"SCHEMA"', schema);
    expect(() => JSON.parse(body)).not.toThrow();
    for (const path of ["/v1/messages", "/v1/messages/count_tokens"]) {
      const response = await post(gateway.origin, path, body);
      expect(response.status, path).toBe(400);
      await response.text();
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it("accepts what real requests nest (a 40-deep schema) and keeps serving", async () => {
    const schema = `{"type":"object","properties":{"x":${'{"type":"array","items":'.repeat(40)}{"type":"string"}${"}".repeat(40)}}}`;
    const body = JSON.stringify(
      messagesRequest("m", { tools: [{ name: "t", input_schema: "SCHEMA" }] }),
    ).replace('"SCHEMA"', schema);
    const response = await post(gateway.origin, "/v1/messages", body);
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe("finding 3, from the other side: a model's tool arguments nested too deep", () => {
  const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
  const chunk = (delta: unknown, finish: string | null = null) =>
    JSON.stringify({
      id: "c",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  let deepUpstream: ScriptedUpstream;
  let deepGateway: TestGateway;

  beforeAll(async () => {
    deepUpstream = await startScriptedUpstream((request) => {
      const content: Record<string, string> = {
        hermes: `Calling.\n<tool_call>\n{"name": "t", "arguments": ${deep}}\n</tool_call>`,
        qwen: `Calling.\n<tool_call>\n<function=t>\n<parameter=options>\n${deep}\n</parameter>\n</function>\n</tool_call>`,
      };
      const model = String(request.body.model);
      return {
        payloads:
          model === "structured"
            ? [
                chunk({
                  tool_calls: [
                    { index: 0, id: "x", type: "function", function: { name: "t", arguments: deep } },
                  ],
                }),
                chunk({}, "tool_calls"),
                "[DONE]",
              ]
            : [chunk({ content: content[model] }), chunk({}, "stop"), "[DONE]"],
      };
    });
    deepGateway = await startTestGateway(
      `models:\n${modelYaml("structured", deepUpstream.baseUrl)}${modelYaml("hermes", deepUpstream.baseUrl, {
        model: { tool_parser: "hermes" },
      })}${modelYaml("qwen", deepUpstream.baseUrl, { model: { tool_parser: "qwen_xml" } })}`,
    );
  });

  afterAll(async () => {
    await deepGateway?.close();
    await deepUpstream?.close();
  });

  const tools = [
    { name: "t", input_schema: { type: "object", properties: { options: { type: "object" } } } },
  ];

  it.each(["hermes", "qwen"])("%s: never a 500, and no tool input deeper than the limit", async (model) => {
    for (const stream of [true, false]) {
      const response = await post(
        deepGateway.origin,
        "/v1/messages",
        messagesRequest(model, { stream, tools }),
      );
      const text = await response.text();
      expect(response.status, `${model} stream ${stream}`).toBe(200);
      // qwen_xml keeps the value as its raw string; hermes keeps the call's markup as text.
      expect(text).not.toContain(`{${'"a":{'.repeat(300)}`);
    }
    expect(deepGateway.logText()).not.toContain("Maximum call stack");
  });

  it("structured: never a 500 nor a silent end_turn: the started call is cut and the client gets an error", async () => {
    // docs/dialects.md §2: the call began as strict JSON, so it started; arguments it cannot finish make the
    // turn an error (streamed: an error event; not streamed: an error answer), never a finished tool_use.
    for (const stream of [true, false]) {
      const response = await post(
        deepGateway.origin,
        "/v1/messages",
        messagesRequest("structured", { stream, tools }),
      );
      const text = await response.text();
      expect(response.status, `stream ${stream}`).toBe(stream ? 200 : 502);
      expect(text).toMatch(/nest deeper than 256 levels/);
      if (stream) expect(text).toContain("event: error");
      expect(text).not.toContain(`{${'"a":{'.repeat(300)}`);
    }
    expect(deepGateway.logText()).not.toContain("Maximum call stack");
  });
});
