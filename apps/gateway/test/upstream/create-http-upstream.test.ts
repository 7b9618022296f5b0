import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpUpstream } from "../../src/upstream/create-http-upstream";
import { mapUpstreamFailure, mapUpstreamHttpError } from "../../src/upstream/map-upstream-error";
import { readUpstreamText } from "../../src/upstream/read-upstream-text";
import { UpstreamAbortError } from "../../src/upstream/upstream-abort-error";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";
import { UpstreamUnreachableError } from "../../src/upstream/upstream-unreachable-error";
import { type LocalHandler, type LocalServer, refusedOrigin, startLocalServer } from "./local-server";

const decoder = new TextDecoder();
const openServers: LocalServer[] = [];
const openResponses: ServerResponse[] = [];

afterEach(async () => {
  for (const response of openResponses.splice(0)) response.destroy();
  await Promise.all(openServers.splice(0).map((server) => server.close()));
});

async function serve(handler: LocalHandler): Promise<LocalServer> {
  const server = await startLocalServer((request, response) => {
    openResponses.push(response);
    handler(request, response);
  });
  openServers.push(server);
  return server;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Headers and a first event at once, then silence until the test lets go. */
const streamOneEventThenHang: LocalHandler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write("data: one\n\n");
};

const neverAnswer: LocalHandler = () => undefined;

const chatBody = { model: "m", messages: [{ role: "user", content: "hi" }], stream: true };

async function readFirst(body: AsyncIterable<Uint8Array>): Promise<{
  first: string;
  iterator: AsyncIterator<Uint8Array>;
}> {
  const iterator = body[Symbol.asyncIterator]();
  const result = await iterator.next();
  if (result.done === true) throw new Error("body ended before its first chunk");
  return { first: decoder.decode(result.value), iterator };
}

describe("createHttpUpstream: request and streaming", () => {
  it("posts the JSON body to /chat/completions and streams status, headers and body as they arrive", async () => {
    const release = deferred();
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream", "x-upstream": "vllm" });
      response.write("data: one\n\n");
      void release.promise.then(() => response.end("data: two\n\n"));
    });
    const upstream = createHttpUpstream({ baseUrl: `${server.origin}/v1/` });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });

    expect(response.status).toBe(200);
    expect(response.headers.get("x-upstream")).toBe("vllm");
    const { first, iterator } = await readFirst(response.body);
    // The second event is only written after the first was received: the body really streams.
    expect(first).toBe("data: one\n\n");
    release.resolve();
    let rest = "";
    for (let result = await iterator.next(); result.done !== true; result = await iterator.next()) {
      rest += decoder.decode(result.value);
    }
    expect(rest).toBe("data: two\n\n");

    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/v1/chat/completions");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(chatBody);
  });

  it("sends authorization: Bearer KEY when an apiKey is configured, and no authorization otherwise", async () => {
    const server = await serve((_request, response) => response.end("{}"));
    const signal = new AbortController().signal;
    for (const body of [
      (
        await createHttpUpstream({ baseUrl: server.origin, apiKey: "sk-upstream" }).send({
          body: {},
          signal,
        })
      ).body,
      (await createHttpUpstream({ baseUrl: server.origin }).send({ body: {}, signal })).body,
    ]) {
      await readUpstreamText(body);
    }
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-upstream");
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
  });

  it("sends the configured headers on every call; the key's authorization wins over a configured one", async () => {
    const server = await serve((_request, response) => response.end("{}"));
    const signal = new AbortController().signal;
    const upstream = createHttpUpstream({
      baseUrl: server.origin,
      apiKey: "sk-upstream",
      headers: { "X-Tenant": "team-7", Authorization: "Basic nope" },
    });
    await readUpstreamText((await upstream.send({ body: {}, signal })).body);
    await upstream.tokenize?.({ model: "m", messages: [] }, signal);
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.headers["x-tenant"]).toBe("team-7");
      expect(request.headers.authorization).toBe("Bearer sk-upstream");
    }
    const keyless = createHttpUpstream({ baseUrl: server.origin, headers: { Authorization: "Basic abc" } });
    await readUpstreamText((await keyless.send({ body: {}, signal })).body);
    expect(server.requests[2]?.headers.authorization).toBe("Basic abc");
  });

  it("names the chat URL it calls, without a query string", async () => {
    expect(createHttpUpstream({ baseUrl: "http://gpu1:8000/v1/" }).url).toBe(
      "http://gpu1:8000/v1/chat/completions",
    );
    expect(createHttpUpstream({ baseUrl: "https://h/openai/v1?api-version=2" }).url).toBe(
      "https://h/openai/v1/chat/completions",
    );
  });

  it("keeps a query string of base_url on the request (Azure's ?api-version=)", async () => {
    const server = await serve((_request, response) => response.end("{}"));
    const upstream = createHttpUpstream({ baseUrl: `${server.origin}/openai/v1?api-version=2` });
    await readUpstreamText((await upstream.send({ body: {}, signal: new AbortController().signal })).body);
    expect(server.requests[0]?.url).toBe("/openai/v1/chat/completions?api-version=2");
  });

  it("passes a non-2xx answer through, so its body can be read and mapped", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ error: { message: "bad temperature", type: "BadRequestError", code: 400 } }),
      );
    });
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    expect(response.status).toBe(400);
    const text = await readUpstreamText(response.body);
    const mapped = mapUpstreamHttpError(response.status, text, response.headers);
    expect([mapped.status, mapped.type, mapped.message, mapped.retry]).toEqual([
      400,
      "invalid_request_error",
      "bad temperature",
      false,
    ]);
  });
});

describe("createHttpUpstream: the answer's head", () => {
  it("skips an informational head (103) and reads the final one, a repeated header joined", async () => {
    const server = await serve((_request, response) => {
      response.writeEarlyHints({ link: "</style.css>; rel=preload" });
      response.setHeader("x-served-by", ["a", "b"]);
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end("data: [DONE]\n\n");
    });
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("x-served-by")).toBe("a, b");
    expect(await readUpstreamText(response.body)).toBe("data: [DONE]\n\n");
  });
});

describe("createHttpUpstream: timeouts", () => {
  it("rejects with UpstreamTimeoutError(timeout) when the whole request outlives timeoutMs before headers", async () => {
    const server = await serve(neverAnswer);
    const upstream = createHttpUpstream({ baseUrl: server.origin, timeoutMs: 50, idleTimeoutMs: 0 });
    const failure = await upstream
      .send({ body: chatBody, signal: new AbortController().signal })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamTimeoutError);
    expect(failure).toMatchObject({ kind: "timeout", timeoutMs: 50 });
    expect(mapUpstreamFailure(failure)).toMatchObject({ status: 504, type: "timeout_error" });
    await server.requests[0]?.socketClosed;
  });

  it("fails the body with UpstreamTimeoutError(timeout) when the whole request outlives timeoutMs mid-stream", async () => {
    const server = await serve(streamOneEventThenHang);
    // The headers come at once, but they must come before the budget runs out even on a loaded machine,
    // so it is far wider than they take: the test waits it out, then the stream fails.
    const upstream = createHttpUpstream({ baseUrl: server.origin, timeoutMs: 3_000, idleTimeoutMs: 0 });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    const { first, iterator } = await readFirst(response.body);
    expect(first).toBe("data: one\n\n");
    const failure = await iterator.next().catch((e) => e);
    expect(failure).toMatchObject({ name: "UpstreamTimeoutError", kind: "timeout" });
    await server.requests[0]?.socketClosed;
  });

  it("fails the body with UpstreamTimeoutError(idle) when the upstream goes silent between chunks", async () => {
    const server = await serve(streamOneEventThenHang);
    // The idle clock runs from the request on: wide enough for the headers of a loaded machine.
    const upstream = createHttpUpstream({ baseUrl: server.origin, timeoutMs: 0, idleTimeoutMs: 2_000 });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    const { iterator } = await readFirst(response.body);
    const failure = await iterator.next().catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamTimeoutError);
    expect(failure).toMatchObject({ kind: "idle", timeoutMs: 2_000 });
    await server.requests[0]?.socketClosed;
  });

  it("does not count a slow consumer as upstream silence", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n");
      response.end("data: two\n\n");
    });
    // Wide enough that a loaded CI machine answers the headers in time (30 ms, then 250 ms, were not).
    const upstream = createHttpUpstream({ baseUrl: server.origin, timeoutMs: 0, idleTimeoutMs: 1_000 });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    let text = "";
    for await (const chunk of response.body) {
      // The gateway is busy (a slow client) for longer than the idle timeout after the first chunk: the
      // idle clock only runs while it waits for the upstream. (The pause is the slow client itself.)
      if (text === "") await new Promise((resolve) => setTimeout(resolve, 2_500));
      text += decoder.decode(chunk);
    }
    expect(text).toBe("data: one\n\ndata: two\n\n");
  });

  it("counts silence before the response headers as idle too", async () => {
    const server = await serve(neverAnswer);
    const upstream = createHttpUpstream({ baseUrl: server.origin, timeoutMs: 0, idleTimeoutMs: 50 });
    const failure = await upstream
      .send({ body: chatBody, signal: new AbortController().signal })
      .catch((e) => e);
    expect(failure).toMatchObject({ name: "UpstreamTimeoutError", kind: "idle" });
  });
});

describe("createHttpUpstream: connection failures", () => {
  it("rejects with UpstreamUnreachableError(ECONNREFUSED) on a closed port, naming the URL", async () => {
    const origin = refusedOrigin();
    const upstream = createHttpUpstream({ baseUrl: `${origin}/v1` });
    const failure = await upstream
      .send({ body: chatBody, signal: new AbortController().signal })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamUnreachableError);
    expect(failure.code).toBe("ECONNREFUSED");
    expect(failure.failures).toEqual([{ url: `${origin}/v1/chat/completions`, code: "ECONNREFUSED" }]);
    expect(mapUpstreamFailure(failure)).toMatchObject({ status: 502, type: "api_error", retry: false });
  });

  it("fails the body with UpstreamConnectionError when the upstream drops the socket mid-stream", async () => {
    const server = await serve((request, response) => {
      streamOneEventThenHang(request, response);
      setImmediate(() => response.socket?.destroy());
    });
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    const chunks: string[] = [];
    const failure = await (async () => {
      for await (const chunk of response.body) chunks.push(decoder.decode(chunk));
    })().catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamConnectionError);
    expect(chunks.join("")).toBe("data: one\n\n");
  });
});

describe("createHttpUpstream: a pooled connection the upstream closed", () => {
  const answerDone: LocalHandler = (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end("data: [DONE]\n\n");
  };
  const readAll = async (body: AsyncIterable<Uint8Array>): Promise<string> => {
    let text = "";
    for await (const chunk of body) text += decoder.decode(chunk);
    // undici puts the connection back into its pool a turn of the event loop after the body ended.
    await new Promise((resolve) => setImmediate(resolve));
    return text;
  };

  // The race of a keep-alive pool: the upstream closes an idle connection (uvicorn after 5 s) while the
  // gateway hands it out for the next POST. Closing it in the same tick as the send makes the race certain.
  it.each([
    ["a small body (the FIN comes while the gateway waits: UND_ERR_SOCKET)", chatBody],
    [
      "a large body (the write runs into the reset: EPIPE)",
      { ...chatBody, messages: [{ role: "user", content: "x".repeat(4 * 1024 * 1024) }] },
    ],
  ])("sends the request again on a fresh connection: %s", async (_name, body) => {
    const server = await serve(answerDone);
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const first = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    expect(await readAll(first.body)).toBe("data: [DONE]\n\n");

    server.closeConnections();
    const second = await upstream.send({ body, signal: new AbortController().signal });
    expect(second.status).toBe(200);
    expect(await readAll(second.body)).toBe("data: [DONE]\n\n");
    // The closed connection never delivered the request: the model saw it once, on a new connection.
    expect(server.requests.map((request) => request.connection)).toEqual([0, 1]);
    expect(server.requests[1]?.body).toBe(JSON.stringify(body));
  });

  it("does not send again what may have reached the model: a fresh connection closed before the answer", async () => {
    const server = await serve((_request, response) => response.socket?.destroy());
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const failure = await upstream
      .send({ body: chatBody, signal: new AbortController().signal })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamConnectionError);
    expect(failure.code).toBe("UND_ERR_SOCKET");
    expect(server.requests).toHaveLength(1);
  });

  it("does not send again what may have reached the model: a reused connection the upstream read the request on", async () => {
    let calls = 0;
    const server = await serve((_request, response) => {
      calls += 1;
      if (calls === 1) answerDone(_request, response);
      // The upstream read the second request, started its answer, and died.
      else response.socket?.end("HTTP/1.1 200 OK\r\ncontent-type: text/ev");
    });
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const first = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    await readAll(first.body);
    const failure = await upstream
      .send({ body: chatBody, signal: new AbortController().signal })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamConnectionError);
    expect(server.requests.map((request) => request.connection)).toEqual([0, 0]);
  });
});

describe("createHttpUpstream: the client goes away", () => {
  it("closes the upstream socket at once when the client aborts mid-stream", async () => {
    const server = await serve(streamOneEventThenHang);
    const client = new AbortController();
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const response = await upstream.send({ body: chatBody, signal: client.signal });
    const { iterator } = await readFirst(response.body);

    client.abort();
    // The model server frees its KV cache when it sees the socket close; this is what it sees.
    await server.requests[0]?.socketClosed;
    await expect(iterator.next()).rejects.toBeInstanceOf(UpstreamAbortError);
  });

  it("closes the upstream socket when the client aborts before the response headers", async () => {
    const server = await serve(neverAnswer);
    const client = new AbortController();
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const sent = upstream.send({ body: chatBody, signal: client.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));

    client.abort();
    await expect(sent).rejects.toBeInstanceOf(UpstreamAbortError);
    await server.requests[0]?.socketClosed;
  });

  it("does not connect at all when the client has already gone", async () => {
    const server = await serve(neverAnswer);
    const client = new AbortController();
    client.abort();
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    await expect(upstream.send({ body: chatBody, signal: client.signal })).rejects.toBeInstanceOf(
      UpstreamAbortError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("closes the upstream socket when the consumer stops iterating (break)", async () => {
    const server = await serve(streamOneEventThenHang);
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    for await (const chunk of response.body) {
      expect(decoder.decode(chunk)).toBe("data: one\n\n");
      break;
    }
    await server.requests[0]?.socketClosed;
  });

  it("closes the upstream socket when the consumer gives the body up before reading it", async () => {
    const server = await serve(streamOneEventThenHang);
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    const response = await upstream.send({ body: chatBody, signal: new AbortController().signal });
    await response.body[Symbol.asyncIterator]().return?.();
    await server.requests[0]?.socketClosed;
  });
});

describe("createHttpUpstream: tokenize", () => {
  const countBody = {
    model: "qwen",
    messages: [{ role: "user", content: "count me" }],
    tools: [{ type: "function", function: { name: "Bash", parameters: { type: "object" } } }],
    max_tokens: 100,
    stream: true,
  };

  it("posts {model, messages, tools} to /tokenize at the server root (not under /v1) and reads count", async () => {
    const server = await serve((_request, response) => {
      response.end(JSON.stringify({ count: 42, max_model_len: 32768, tokens: [1, 2] }));
    });
    const upstream = createHttpUpstream({ baseUrl: `${server.origin}/v1`, apiKey: "sk-upstream" });
    expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBe(42);
    const [request] = server.requests;
    expect(request?.url).toBe("/tokenize");
    expect(request?.headers.authorization).toBe("Bearer sk-upstream");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      model: countBody.model,
      messages: countBody.messages,
      tools: countBody.tools,
    });
  });

  it("counts the tokens array when the server gives no count", async () => {
    const server = await serve((_request, response) => response.end(JSON.stringify({ tokens: [5, 6, 7] })));
    const upstream = createHttpUpstream({ baseUrl: `${server.origin}/v1` });
    const { tools: _tools, ...withoutTools } = countBody;
    expect(await upstream.tokenize?.(withoutTools, new AbortController().signal)).toBe(3);
    expect(JSON.parse(server.requests[0]?.body ?? "")).not.toHaveProperty("tools");
  });

  it.each([404, 405, 501])(
    "answers undefined for HTTP %i and asks such a server only once",
    async (status) => {
      const server = await serve((_request, response) => {
        response.writeHead(status);
        response.end("{}");
      });
      const upstream = createHttpUpstream({ baseUrl: `${server.origin}/v1` });
      expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
      expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
      expect(server.requests).toHaveLength(1);
    },
  );

  it("answers undefined for other failures but asks again next time", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(500);
      response.end("boom");
    });
    const upstream = createHttpUpstream({ baseUrl: server.origin });
    expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
    expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it("answers undefined when the server cannot be reached", async () => {
    const upstream = createHttpUpstream({ baseUrl: `${refusedOrigin()}/v1` });
    expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
  });

  it("passes the template switches on, which change the rendered prompt", async () => {
    const server = await serve((_request, response) => response.end(JSON.stringify({ count: 9 })));
    const upstream = createHttpUpstream({ baseUrl: `${server.origin}/v1` });
    const body = { ...countBody, chat_template_kwargs: { enable_thinking: false } };
    expect(await upstream.tokenize?.(body, new AbortController().signal)).toBe(9);
    expect(JSON.parse(server.requests[0]?.body ?? "")).toMatchObject({
      chat_template_kwargs: { enable_thinking: false },
    });
  });

  it("takes llama.cpp's empty answer to a chat body (it tokenizes `content` only) for no /tokenize", async () => {
    const server = await serve((_request, response) => response.end(JSON.stringify({ tokens: [] })));
    const upstream = createHttpUpstream({ baseUrl: `${server.origin}/v1` });
    expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
    expect(await upstream.tokenize?.(countBody, new AbortController().signal)).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });
});
