import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, post, readJson, startTestGateway, type TestGateway } from "./test-gateway";

// docs/config.md "Routing Claude Code": the background model to a small model, the rest to a large one,
// with the model names Claude Code 2.x sends, through the real server to two scripted model servers.

const SMALL_MODEL = "Qwen/Qwen3.5-35B-A3B";
const LARGE_MODEL = "Qwen/Qwen3.5-122B-A10B";
const plainText = readChunks("plain-text");

const routingConfig = (smallUrl: string, largeUrl: string): string => `models:
  - name: qwen3.5-small
    aliases: ["claude-haiku-*", "claude-3-5-haiku-*"]
    preset: qwen3.5
    upstream: { base_url: "${smallUrl}", model: ${SMALL_MODEL} }
  - name: qwen3.5
    aliases: ["claude-*"]
    preset: qwen3.5
    upstream: { base_url: "${largeUrl}", model: ${LARGE_MODEL} }
`;

let small: ScriptedUpstream;
let large: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  small = await startScriptedUpstream(() => ({ payloads: plainText }));
  large = await startScriptedUpstream(() => ({ payloads: plainText }));
  gateway = await startTestGateway(routingConfig(small.baseUrl, large.baseUrl));
});

afterAll(async () => {
  await gateway?.close();
  await small?.close();
  await large?.close();
});

/** Sends one request as Claude Code does (`?beta=true`) and says which scripted server got it. */
async function routeOf(model: string, stream: boolean): Promise<"small" | "large" | "none"> {
  const before = { small: small.requests.length, large: large.requests.length };
  const response = await post(gateway.origin, "/v1/messages?beta=true", messagesRequest(model, { stream }));
  expect(response.status).toBe(200);
  if (stream) await response.text();
  else expect((await readJson<{ model: string }>(response)).model).toBe(model); // echoed as asked
  const reached = {
    small: small.requests.slice(before.small).map((request) => request.body.model),
    large: large.requests.slice(before.large).map((request) => request.body.model),
  };
  if (reached.small.length + reached.large.length !== 1) return "none";
  if (reached.small[0] === SMALL_MODEL) return "small";
  return reached.large[0] === LARGE_MODEL ? "large" : "none";
}

describe("routing Claude Code's model names", () => {
  it.each([
    ["claude-haiku-4-5-20251001", "small"],
    ["claude-3-5-haiku-20241022", "small"],
    ["claude-sonnet-4-5-20250929", "large"],
    ["claude-opus-4-1-20250805", "large"],
    ["claude-sonnet-4-20250514", "large"],
  ])("%s goes to the %s model, streamed and not", async (model, expected) => {
    expect(await routeOf(model, true)).toBe(expected);
    expect(await routeOf(model, false)).toBe(expected);
  });

  it("names set with ANTHROPIC_MODEL / ANTHROPIC_DEFAULT_HAIKU_MODEL route by exact name", async () => {
    expect(await routeOf("qwen3.5-small", false)).toBe("small");
    expect(await routeOf("qwen3.5", false)).toBe("large");
  });

  it("an unknown non-claude name is a 404, not the large model", async () => {
    const sent = small.requests.length + large.requests.length;
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("gpt-4o"));
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    expect(small.requests.length + large.requests.length).toBe(sent);
  });
});

describe("the order of the aliases", () => {
  it("claude-* first catches the haiku names too, and the config warns that the haiku alias never routes", () => {
    const reversed = `models:
  - name: qwen3.5
    aliases: ["claude-*"]
    upstream: { base_url: "http://127.0.0.1:8000/v1" }
  - name: qwen3.5-small
    aliases: ["claude-haiku-*"]
    upstream: { base_url: "http://127.0.0.1:8001/v1" }
`;
    const { warnings } = parseConfig(reversed, {});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^models\.1\.aliases\.0: "claude-haiku-\*" never routes here/);
  });
});
