import { parseSse } from "@sluice/pipeline/testkit";
import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import { type Environment, parseConfig } from "../../src/config/parse-config";
import { createGateway, type Gateway, type GatewayOptions } from "../../src/server/create-gateway";
import { createGatewayLogger } from "../../src/server/observe/create-gateway-logger";

export interface TestGateway {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly gateway: Gateway;
  /** Every log line written so far, as text. */
  logText(): string;
  /** The request log lines, parsed. */
  requestLines(): Record<string, unknown>[];
  close(): Promise<void>;
}

export interface TestGatewayOptions extends Omit<GatewayOptions, "logger"> {
  readonly env?: Environment;
}

/** The gateway for a YAML config on 127.0.0.1 and an ephemeral port, logging into memory. */
export async function startTestGateway(
  configText: string,
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  const { env = {}, ...gatewayOptions } = options;
  const lines: string[] = [];
  const logger = createGatewayLogger({ destination: { write: (line: string) => void lines.push(line) } });
  // Not asking servers for their windows unless a test does: the questions (GET /v1/models, /props, …)
  // would reach scripts that count the requests they get.
  const gateway = createGateway(parseConfig(configText, env), {
    learnContextWindows: false,
    // A test that does ask waits for the answers however busy the machine is (its servers always answer).
    learnWindowsTimeoutMs: 60_000,
    ...gatewayOptions,
    logger,
  });
  const { port } = await gateway.listen("127.0.0.1", 0);
  return {
    origin: `http://127.0.0.1:${port}`,
    gateway,
    logText: () => lines.join(""),
    requestLines: () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === "request"),
    close: async () => {
      // Teardown is bounded: whatever a failed test left open is cut, not waited for.
      gateway.server.closeAllConnections();
      await gateway.close();
    },
  };
}

export interface ModelYamlOptions {
  /** Extra model keys (`preset: qwen3.5`, `aliases: ["claude-*"]`), written as given. */
  readonly model?: Readonly<Record<string, string>>;
  /** Extra upstream keys (`idle_timeout_ms: 200`). */
  readonly upstream?: Readonly<Record<string, string>>;
}

/** One `models:` entry whose upstream model is named like the model, so a script can tell requests apart. */
export function modelYaml(name: string, baseUrl: string, options: ModelYamlOptions = {}): string {
  const keys = (entries: Readonly<Record<string, string>> | undefined, indent: string): string =>
    Object.entries(entries ?? {})
      .map(([key, value]) => `${indent}${key}: ${value}\n`)
      .join("");
  return (
    `  - name: ${name}\n${keys(options.model, "    ")}` +
    `    upstream:\n      base_url: ${baseUrl}\n      model: ${name}\n${keys(options.upstream, "      ")}`
  );
}

export interface SseStream {
  readonly text: string;
  readonly messages: { readonly event: string | undefined; readonly data: unknown }[];
  readonly events: MessageStreamEvent[];
}

/** Raw SSE text as messages (`event:` line and JSON data) and their events. */
export function parseSseText(text: string): SseStream {
  // eventsource-parser, as a real client reads it (the pipeline's test kit), not a hand-written split.
  const messages = parseSse(text);
  return { text, messages, events: messages.map((message) => message.data as MessageStreamEvent) };
}

/** POST JSON to the gateway. */
export function post(
  origin: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** A minimal valid Messages request. */
export function messagesRequest(
  model: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { model, max_tokens: 256, messages: [{ role: "user", content: "Hello" }], ...overrides };
}

/** The Anthropic error body (docs/http-api.md §5). */
export interface ErrorBody {
  readonly type: string;
  readonly error: { readonly type: string; readonly message: string };
  readonly request_id: string;
}

/** A response's JSON body, typed as the test expects it to be (the assertions check it). */
export async function readJson<Body>(response: Response): Promise<Body> {
  return (await response.json()) as Body;
}
