import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { closedPortOrigin, refusedOrigin } from "../upstream/local-server";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import {
  messagesRequest,
  modelYaml,
  post,
  readJson,
  startTestGateway,
  type TestGateway,
} from "./test-gateway";

// docs/http-api.md §5: a refused connection is retried by the gateway itself for a moment (a model server
// restarting), then answered once, not retryable, saying what to check. The waits are the test's own:
// each one is seen as it happens, and the server comes back when the test says, not after a sleep.

const plainText = readChunks("plain-text");
const started: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const server of started.splice(0).reverse()) await server.close();
});

/** A port that was just free: nothing listens there. */
async function freePort(): Promise<number> {
  return Number(new URL(await closedPortOrigin()).port);
}

async function gatewayFor(config: string, wait: (ms: number) => Promise<void>): Promise<TestGateway> {
  const gateway = await startTestGateway(config, {
    unreachableRetry: { delaysMs: [250, 500, 1000], wait },
  });
  started.push(gateway);
  return gateway;
}

interface ErrorAnswer {
  readonly error: { readonly type: string; readonly message: string };
}

describe("an upstream nobody answers at", () => {
  it("is tried again while it restarts: the client gets the answer once it listens", async () => {
    const port = await freePort();
    const waits: number[] = [];
    let upstream: ScriptedUpstream | undefined;
    const gateway = await gatewayFor(
      `models:\n${modelYaml("m", `http://127.0.0.1:${port}/v1`)}`,
      async (ms) => {
        waits.push(ms);
        // The first refusal was seen: the model server comes back on its port.
        if (upstream === undefined) {
          upstream = await startScriptedUpstream(() => ({ payloads: plainText }), { port });
          started.push(upstream);
        }
      },
    );
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("m"));
    expect(response.status).toBe(200);
    expect((await readJson<{ content: unknown[] }>(response)).content.length).toBeGreaterThan(0);
    expect(waits).toEqual([250]);
    expect(upstream?.requestsFor("m")).toHaveLength(1);
  });

  it("answers once, not retryable, naming the URL and what to check (the SDK does not retry)", async () => {
    const waits: number[] = [];
    const url = `${refusedOrigin()}/v1/chat/completions`;
    const gateway = await gatewayFor(`models:\n${modelYaml("m", `${refusedOrigin()}/v1`)}`, async (ms) => {
      waits.push(ms);
    });
    const client = new Anthropic({ apiKey: "k", baseURL: gateway.origin, maxRetries: 3 });
    const failure = await client.messages
      .create({ model: "m", max_tokens: 16, messages: [{ role: "user", content: "Hi" }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Anthropic.APIError);
    const apiError = failure as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(502);
    expect(apiError.headers?.get("x-should-retry")).toBe("false");
    const { message } = (apiError.error as ErrorAnswer).error;
    expect(message).toBe(
      `cannot connect to the upstream: ${url} refused the connection (ECONNREFUSED); tried 4 times over 1.8 s. Is the model server running (and done loading), and is upstream.base_url right (host and port)?`,
    );
    // One request reached the gateway, which made four attempts.
    expect(gateway.requestLines()).toHaveLength(1);
    expect(waits).toEqual([250, 500, 1000]);
  });

  it("answers the OpenAI routes in their own shape, with the same status and hint", async () => {
    const gateway = await gatewayFor(
      `models:\n${modelYaml("m", `${refusedOrigin()}/v1`)}`,
      async () => undefined,
    );
    const response = await post(gateway.origin, "/v1/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(response.status).toBe(502);
    expect(response.headers.get("x-should-retry")).toBe("false");
    const body = await readJson<{ error: { type: string; message: string } }>(response);
    expect(body.error.type).toBe("server_error");
    expect(body.error.message).toContain("refused the connection (ECONNREFUSED)");
    expect(body.error.message).toContain("upstream.base_url");
  });

  it("with replicas, retries only once every replica refused, and names them all", async () => {
    const origins = [refusedOrigin(1), refusedOrigin(2)];
    const waits: number[] = [];
    const gateway = await gatewayFor(
      `models:\n  - name: m\n    upstream:\n      base_url: [${origins.map((origin) => `"${origin}/v1"`).join(", ")}]\n`,
      async (ms) => {
        waits.push(ms);
      },
    );
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("m"));
    expect(response.status).toBe(502);
    expect(response.headers.get("x-should-retry")).toBe("false");
    const { message } = (await readJson<ErrorAnswer>(response)).error;
    expect(message).toMatch(/^cannot connect to any of the 2 replicas: /);
    for (const origin of origins) expect(message).toContain(`${origin}/v1/chat/completions`);
    expect(waits).toEqual([250, 500, 1000]);
  });
});
