import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/translate/estimate-tokens";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";
import { decodeRequest } from "../translate/decode-request";

let elsewhere: ScriptedUpstream;
let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  // Another host a redirect points at: it must never see a request.
  elsewhere = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text") }));
  upstream = await startScriptedUpstream((request) => {
    if (request.path === "/tokenize") {
      // 20 MiB of token ids behind a small count: the gateway must not read it whole.
      return { body: `{"count": 7, "tokens": [${"1,".repeat(10 * 1024 * 1024)}1]}` };
    }
    if (request.body.model === "moved")
      return { status: 307, headers: { location: `${elsewhere.baseUrl}/chat/completions?k=1` }, body: "" };
    return { payloads: readChunks("plain-text") };
  });
  gateway = await startTestGateway(
    `models:\n${modelYaml("moved", upstream.baseUrl)}${modelYaml("counted", upstream.baseUrl)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await elsewhere?.close();
});

describe("finding 4: every upstream body read whole is bounded", () => {
  it("does not read a huge /tokenize answer: count_tokens falls back to the estimate", async () => {
    const request = messagesRequest("counted");
    const response = await post(gateway.origin, "/v1/messages/count_tokens", request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ input_tokens: estimateTokens(decodeRequest(request)) });
  });
});

describe("finding 5: upstream redirects are never followed", () => {
  it.each([true, false])(
    "answers 502 naming the redirect (stream %s), and the other host sees nothing",
    async (stream) => {
      const response = await post(gateway.origin, "/v1/messages", messagesRequest("moved", { stream }));
      expect(response.status).toBe(502);
      expect(response.headers.get("x-should-retry")).toBe("false");
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe("api_error");
      expect(body.error.message).toContain("answered a redirect (HTTP 307 to http://127.0.0.1:");
      expect(body.error.message).not.toContain("k=1");
      expect(elsewhere.requests).toHaveLength(0);
    },
  );
});
