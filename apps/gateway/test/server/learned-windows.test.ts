import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse-config";
import type { ContextWindow } from "../../src/upstream/context-window";
import type { Upstream, UpstreamRequest } from "../../src/upstream/upstream";
import { rawStream } from "./chat-chunks";
import { type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";
import { windowScript } from "./window-upstream";

/** docs/config.md, "The context window": when the gateway asks, and what it does until it knows. */

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of opened.splice(0).reverse()) await closable.close();
});

async function gatewayFor(configText: string, options: Parameters<typeof startTestGateway>[1] = {}) {
  const gateway = await startTestGateway(configText, { learnContextWindows: true, ...options });
  opened.push(gateway);
  return gateway;
}

async function scripted(window: number, reports: "models" | "props" | "ollama"): Promise<ScriptedUpstream> {
  const upstream = await startScriptedUpstream(windowScript({ model: "m", window, reports, tokenize: true }));
  opened.push(upstream);
  return upstream;
}

const listedWindow = async (gateway: TestGateway): Promise<unknown> => {
  const models = (await (await fetch(`${gateway.origin}/v1/models`)).json()) as {
    data: Record<string, unknown>[];
  };
  return models.data[0]?.max_model_len;
};

/** An upstream whose answer to "which window?" the test gives when it wants, recording what it is sent. */
function heldUpstream() {
  let answer: (window: ContextWindow | undefined) => void = () => undefined;
  const asked = new Promise<ContextWindow | undefined>((resolve) => {
    answer = resolve;
  });
  const sent: Record<string, unknown>[] = [];
  const encoder = new TextEncoder();
  const upstream: Upstream = {
    async send(request: UpstreamRequest) {
      sent.push(request.body);
      return {
        status: 200,
        headers: new Headers({ "content-type": "text/event-stream" }),
        body: (async function* () {
          for (const payload of rawStream("ok")) yield encoder.encode(`data: ${payload}\n\n`);
        })(),
      };
    },
    contextWindow: () => asked,
  };
  return { upstream, sent, answer };
}

describe("learning the context window", () => {
  it("never holds a request: one that arrives before the server answered goes as before, the next is fitted", async () => {
    const held = heldUpstream();
    const gateway = await gatewayFor(`models:\n${modelYaml("m", "http://127.0.0.1:9/v1")}\n`, {
      upstreamFor: () => held.upstream,
    });
    const request = messagesRequest("m", {
      max_tokens: 128_000,
      messages: [{ role: "user", content: "x".repeat(9000) }],
    });
    const early = await post(gateway.origin, "/v1/messages", request);
    expect(early.status).toBe(200);
    await early.text();
    expect(held.sent[0]?.max_tokens).toBe(128_000);
    expect(await listedWindow(gateway)).toBeUndefined();

    held.answer({ tokens: 8192, source: "the test" });
    expect((await gateway.gateway.contextWindows()).get("m")).toEqual({ tokens: 8192, source: "the test" });
    const late = await post(gateway.origin, "/v1/messages", request);
    expect(late.status).toBe(200);
    await late.text();
    expect(held.sent[1]?.max_tokens).toBeLessThan(8192);
    expect(await listedWindow(gateway)).toBe(8192);
  });

  it("a reload asks the new config's servers: the window follows the server the model now points at", async () => {
    const llamaCpp = await scripted(32_768, "props");
    const ollama = await scripted(16_384, "ollama");
    const gateway = await gatewayFor(`models:\n${modelYaml("m", llamaCpp.baseUrl)}\n`);
    expect((await gateway.gateway.contextWindows()).get("m")).toEqual({
      tokens: 32_768,
      source: "n_ctx in /props",
    });
    expect(await listedWindow(gateway)).toBe(32_768);

    gateway.gateway.reload(parseConfig(`models:\n${modelYaml("m", ollama.baseUrl)}\n`, {}));
    expect((await gateway.gateway.contextWindows()).get("m")).toEqual({
      tokens: 16_384,
      source: "num_ctx in /api/show",
    });
    expect(await listedWindow(gateway)).toBe(16_384);
  });

  it("the built-in demo reports a 64k window, so the first try shows it", async () => {
    const gateway = await gatewayFor(`models:\n${modelYaml("qwen3.5", "demo")}\n`);
    expect((await gateway.gateway.contextWindows()).get("qwen3.5")).toEqual({
      tokens: 65_536,
      source: "the built-in demo",
    });
    expect(await listedWindow(gateway)).toBe(65_536);
  });

  it("with learning off only a configured window is known", async () => {
    const upstream = await scripted(32_768, "models");
    const gateway = await gatewayFor(
      `models:\n${modelYaml("m", upstream.baseUrl)}\n${modelYaml("n", upstream.baseUrl, { model: { context_window: "4096" } })}\n`,
      { learnContextWindows: false },
    );
    const windows = await gateway.gateway.contextWindows();
    expect(windows.get("m")).toBeUndefined();
    expect(windows.get("n")?.tokens).toBe(4096);
    expect(upstream.requests).toEqual([]);
  });
});
