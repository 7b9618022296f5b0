import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpUpstream } from "../../src/upstream/create-http-upstream";
import { createReplicatedUpstream } from "../../src/upstream/create-replicated-upstream";
import { learnContextWindow } from "../../src/upstream/learn-context-window";
import { type LocalServer, type RecordedRequest, startLocalServer } from "./local-server";

/**
 * docs/config.md, "The context window": what each server reports, in the shapes their sources give
 * (vLLM serving_models.py and SGLang http_server.py `ModelCard.max_model_len`, llama.cpp `/props`,
 * Ollama api/types.go `ProcessModelResponse` and `ShowResponse`), and what is not a window.
 */

type Answers = Readonly<Record<string, unknown>>;

const servers: LocalServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A server answering `"METHOD /path"` with its JSON, everything else 404; the base URL ends in /v1. */
async function server(answers: Answers): Promise<{ baseUrl: string; requests: RecordedRequest[] }> {
  const local = await startLocalServer((request, response: ServerResponse) => {
    const answer = answers[`${request.method} ${request.url.split("?")[0]}`];
    response.writeHead(answer === undefined ? 404 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify(answer ?? { detail: "Not Found" }));
  });
  servers.push(local);
  return { baseUrl: `${local.origin}/v1`, requests: local.requests };
}

const learn = (baseUrl: string, model = "Qwen/Qwen3.5-35B-A3B") =>
  learnContextWindow({ baseUrl, headers: {} }, { model, signal: new AbortController().signal });

describe("learnContextWindow", () => {
  it("vLLM and SGLang: max_model_len on the model's card of /v1/models, and nothing else is asked", async () => {
    const { baseUrl, requests } = await server({
      "GET /v1/models": {
        object: "list",
        data: [
          { id: "other", object: "model", max_model_len: 8192 },
          { id: "Qwen/Qwen3.5-35B-A3B", object: "model", max_model_len: 65_536, root: "/models/qwen" },
        ],
      },
    });
    expect(await learn(baseUrl)).toEqual({ tokens: 65_536, source: "max_model_len in /v1/models" });
    expect(requests.map((request) => request.url)).toEqual(["/v1/models"]);
  });

  it("a LoRA adapter's card has no window of its own: its parent's is the one it serves with", async () => {
    const { baseUrl } = await server({
      "GET /v1/models": {
        data: [
          { id: "base", max_model_len: 32_768 },
          { id: "sql-lora", max_model_len: null, parent: "base" },
        ],
      },
    });
    expect((await learn(baseUrl, "sql-lora"))?.tokens).toBe(32_768);
  });

  it("llama.cpp: the slot's n_ctx in /props (asked with ?model= and autoload=false, for a router)", async () => {
    const { baseUrl, requests } = await server({
      "GET /v1/models": { data: [{ id: "qwen", meta: { n_ctx_train: 262_144 } }] },
      "GET /props": {
        default_generation_settings: { n_ctx: 16_384, params: {} },
        total_slots: 4,
        n_ctx: 65_536,
      },
    });
    expect(await learn(baseUrl, "qwen")).toEqual({ tokens: 16_384, source: "n_ctx in /props" });
    expect(requests.map((request) => request.url)).toEqual([
      "/v1/models",
      "/props?model=qwen&autoload=false",
    ]);
  });

  it("llama.cpp: an older build's top-level n_ctx; a router's placeholder (n_ctx 0) is no window", async () => {
    const older = await server({ "GET /props": { n_ctx: 8192 } });
    expect((await learn(older.baseUrl))?.tokens).toBe(8192);
    const router = await server({
      "GET /props": { role: "router", default_generation_settings: { n_ctx: 0 } },
    });
    expect(await learn(router.baseUrl)).toBeUndefined();
  });

  it("Ollama: a loaded model's context_length in /api/ps, matched with Ollama's default tag", async () => {
    const { baseUrl } = await server({
      "GET /api/ps": {
        models: [
          { name: "llama3:8b", model: "llama3:8b", context_length: 8192 },
          { name: "qwen3:latest", model: "qwen3:latest", context_length: 40_960 },
        ],
      },
      "POST /api/show": { parameters: "num_ctx 4096", model_info: {} },
    });
    expect(await learn(baseUrl, "qwen3")).toEqual({ tokens: 40_960, source: "context_length in /api/ps" });
  });

  it("Ollama: num_ctx of the Modelfile in /api/show, capped at the trained length; asked for the model", async () => {
    const { baseUrl, requests } = await server({
      "GET /api/ps": { models: [] },
      "POST /api/show": {
        parameters: 'stop                           "<|im_end|>"\nnum_ctx                        131072',
        model_info: { "general.architecture": "qwen3", "qwen3.context_length": 40_960 },
      },
    });
    expect(await learn(baseUrl, "qwen3:8b")).toEqual({ tokens: 40_960, source: "num_ctx in /api/show" });
    const show = requests.find((request) => request.url === "/api/show");
    expect(JSON.parse(show?.body ?? "{}")).toEqual({ model: "qwen3:8b" });
    expect(show?.headers["content-type"]).toBe("application/json");
  });

  it("Ollama without num_ctx serves its own default, which it does not tell: unknown, not the trained length", async () => {
    const { baseUrl } = await server({
      "GET /api/ps": { models: [] },
      "POST /api/show": {
        parameters: 'stop "<|im_end|>"',
        model_info: { "general.architecture": "qwen3", "qwen3.context_length": 40_960 },
      },
    });
    expect(await learn(baseUrl, "qwen3:8b")).toBeUndefined();
  });

  it("a server that says nothing: undefined, after asking each place once", async () => {
    const { baseUrl, requests } = await server({ "GET /v1/models": { data: [{ id: "m" }] } });
    expect(await learn(baseUrl, "m")).toBeUndefined();
    expect(requests.map((request) => `${request.method} ${request.url.split("?")[0]}`)).toEqual([
      "GET /v1/models",
      "GET /props",
      "GET /api/ps",
      "POST /api/show",
    ]);
  });

  it("sends the upstream's key and headers, follows no redirect, and stops when its signal ends", async () => {
    const redirected = await startLocalServer((request, response) => {
      if (request.url === "/v1/models") {
        response.writeHead(302, { location: "/elsewhere" }).end();
        return;
      }
      // Never answered: only the signal ends the asking.
      if (request.url.startsWith("/props")) controller.abort();
    });
    servers.push(redirected);
    const controller = new AbortController();
    const upstream = createHttpUpstream({
      baseUrl: `${redirected.origin}/v1`,
      apiKey: "sk-up",
      headers: { "x-tenant": "team-7" },
    });
    expect(await upstream.contextWindow?.("m", controller.signal)).toBeUndefined();
    expect(redirected.requests.map((request) => request.url.split("?")[0])).toEqual(["/v1/models", "/props"]);
    expect(redirected.requests[0]?.headers).toMatchObject({
      authorization: "Bearer sk-up",
      "x-tenant": "team-7",
    });
  });

  it("replicas: the smallest window any replica reports, saying so; a silent replica does not count", async () => {
    const small = await server({ "GET /v1/models": { data: [{ id: "m", max_model_len: 32_768 }] } });
    const large = await server({ "GET /v1/models": { data: [{ id: "m", max_model_len: 131_072 }] } });
    const silent = await server({});
    const replicated = createReplicatedUpstream({
      replicas: [large.baseUrl, small.baseUrl, silent.baseUrl].map((baseUrl) =>
        createHttpUpstream({ baseUrl }),
      ),
    });
    expect(await replicated.contextWindow?.("m", new AbortController().signal)).toEqual({
      tokens: 32_768,
      source: "max_model_len in /v1/models, the smallest that 2 of 3 replicas report",
    });
  });
});
