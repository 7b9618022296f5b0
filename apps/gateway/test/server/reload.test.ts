import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import {
  messagesRequest,
  modelYaml,
  parseSseText,
  post,
  startTestGateway,
  type TestGateway,
} from "./test-gateway";

const plainText = readChunks("plain-text");

let upstream: ScriptedUpstream;
let gateway: TestGateway;

const configFor = (models: string, keys = "[old-key]") => `server:\n  api_keys: ${keys}\nmodels:\n${models}`;

beforeAll(async () => {
  // Slow enough that a stream is still open when the reload happens.
  upstream = await startScriptedUpstream(() => ({ payloads: plainText, delayMs: () => 40 }));
  gateway = await startTestGateway(
    configFor(modelYaml("first", upstream.baseUrl, { model: { aliases: '["claude-*"]' } })),
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe("Gateway.reload (SIGHUP)", () => {
  it("serves new requests with the new config while an open stream finishes with the old one", async () => {
    const open = post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("claude-sonnet-4-5", { stream: true }),
      { "x-api-key": "old-key" },
    );
    const openResponse = await open;
    expect(openResponse.status).toBe(200);

    gateway.gateway.reload(
      parseConfig(
        configFor(modelYaml("second", upstream.baseUrl, { model: { aliases: '["claude-*"]' } }), "[new-key]"),
        {},
      ),
    );

    // The open stream keeps its model and ends normally.
    const events = parseSseText(await openResponse.text()).events;
    expect(events.at(-1)).toEqual({ type: "message_stop" });
    expect(upstream.requestsFor("first")).toHaveLength(1);

    // New requests: the new key, the new route.
    const oldKey = await post(gateway.origin, "/v1/messages", messagesRequest("claude-sonnet-4-5"), {
      "x-api-key": "old-key",
    });
    expect(oldKey.status).toBe(401);
    await oldKey.text();
    const newKey = await post(gateway.origin, "/v1/messages", messagesRequest("claude-sonnet-4-5"), {
      "x-api-key": "new-key",
    });
    expect(newKey.status).toBe(200);
    await newKey.text();
    expect(upstream.requestsFor("second")).toHaveLength(1);
    expect(gateway.gateway.config.models.map((model) => model.name)).toEqual(["second"]);
  });
});
