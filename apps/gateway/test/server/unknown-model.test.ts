import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesRequest, post, readJson, startTestGateway, type TestGateway } from "./test-gateway";

// docs/http-api.md §5: a model name nothing routes gets a 404 that names the configured models and the fix,
// in each route's own shape and wording.

const demoModel = (name: string): string => `  - name: ${name}\n    upstream: { base_url: demo }\n`;
let two: TestGateway;
let many: TestGateway;

beforeAll(async () => {
  two = await startTestGateway(`models:\n${demoModel("qwen3.5")}${demoModel("glm-4.7")}`);
  many = await startTestGateway(
    `models:\n${Array.from({ length: 11 }, (_, index) => demoModel(`model-${index}`)).join("")}`,
  );
});

afterAll(async () => {
  await two?.close();
  await many?.close();
});

interface AnthropicError {
  readonly type: string;
  readonly error: { readonly type: string; readonly message: string };
}
interface OpenAIError {
  readonly error: { readonly type: string; readonly code: string; readonly message: string };
}

describe("a model name no name or alias routes", () => {
  it("on /v1/messages: Anthropic's wording, the models served, an alias or ANTHROPIC_MODEL", async () => {
    const response = await post(two.origin, "/v1/messages", messagesRequest("claude-opus-4-5"));
    expect(response.status).toBe(404);
    expect(response.headers.get("x-should-retry")).toBe("false");
    const body = await readJson<AnthropicError>(response);
    expect(body.error.type).toBe("not_found_error");
    expect(body.error.message).toBe(
      'model: claude-opus-4-5: no model of this gateway has that name or an alias matching it (it serves qwen3.5, glm-4.7). Add an alias glob to a model (aliases: ["claude-*"] routes every Claude Code name), or start Claude Code with ANTHROPIC_MODEL=qwen3.5 ANTHROPIC_DEFAULT_HAIKU_MODEL=qwen3.5 (sluice code sets both)',
    );
  });

  it.each([
    ["/v1/chat/completions", { model: "gpt-5.1-codex", messages: [{ role: "user", content: "Hi" }] }],
    ["/v1/responses", { model: "gpt-5.1-codex", input: "Hi" }],
  ])("on %s: OpenAI's shape and wording, and the names to ask for", async (path, request) => {
    const response = await post(two.origin, path, request);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-should-retry")).toBe("false");
    const { error } = await readJson<OpenAIError>(response);
    expect(error.code).toBe("model_not_found");
    expect(error.message).toMatch(
      /^The model `gpt-5\.1-codex` does not exist on this gateway: no model has that name or an alias matching it\. It serves qwen3\.5, glm-4\.7; ask for one of them \(Codex: -m qwen3\.5\), or add an alias glob that matches the name to a model \(aliases: \["gpt-\*"\] routes Codex's default names\) \(request ID: req_[\w-]+\)$/,
    );
  });

  it("lists at most 8 models, then how many more", async () => {
    const response = await post(many.origin, "/v1/messages", messagesRequest("nope"));
    const { message } = (await readJson<AnthropicError>(response)).error;
    expect(message).toContain(
      "(it serves model-0, model-1, model-2, model-3, model-4, model-5, model-6, model-7 and 3 more)",
    );
    expect(message).not.toContain("model-8");
  });
});
