import type { ErrorType, GatewayError } from "@sluice/events";
import { describe, expect, it } from "vitest";
import {
  mapUpstreamFailure,
  mapUpstreamHttpError,
  upstreamErrorForStream,
} from "../../src/upstream/map-upstream-error";
import { UpstreamAbortError } from "../../src/upstream/upstream-abort-error";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";
import { UpstreamUnreachableError } from "../../src/upstream/upstream-unreachable-error";

/** What a client sees of a mapped error: status, type, message, retry hint, retry-after. */
interface MappedUpstreamError {
  readonly status: number;
  readonly type: ErrorType;
  readonly message: string;
  readonly retry: boolean;
  readonly retryAfter?: string;
}

const CLIENT_CLOSED_REQUEST = 499;

function seen(error: GatewayError): MappedUpstreamError {
  const { status, type, message, retry, retryAfter } = error;
  return { status, type, message, retry, ...(retryAfter === undefined ? {} : { retryAfter }) };
}

const openAiError = (message: string, code = 400) =>
  JSON.stringify({ error: { message, type: "BadRequestError", param: null, code } });

interface HttpRow {
  readonly name: string;
  readonly status: number;
  readonly body: string;
  readonly headers?: Record<string, string>;
  readonly expected: MappedUpstreamError;
}

const httpRows: HttpRow[] = [
  {
    name: "400 → 400 invalid_request_error with the upstream error.message",
    status: 400,
    body: openAiError("temperature must be non-negative"),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "temperature must be non-negative",
      retry: false,
    },
  },
  {
    name: "400 context overflow, vLLM < 0.10 wording → Anthropic's numbers, the prompt's tokens",
    status: 400,
    body: openAiError(
      "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens (39000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 39000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 output-budget refusal, vLLM >= 0.10 → the upstream's words, never a long prompt",
    status: 400,
    body: openAiError(
      "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens and your request has 2778 input tokens (8000 > 4096 - 2778). None",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message:
        "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens and your request has 2778 input tokens (8000 > 4096 - 2778). None",
      retry: false,
    },
  },
  {
    name: "400 output-budget refusal, vLLM < 0.10 (the messages fit) → the upstream's words",
    status: 400,
    body: openAiError(
      "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens (8000 in the messages, 32000 in the completion). Please reduce the length of the messages or completion.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message:
        "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens (8000 in the messages, 32000 in the completion). Please reduce the length of the messages or completion.",
      retry: false,
    },
  },
  {
    name: "400 output-budget refusal, SGLang (the input fits) → the upstream's words",
    status: 400,
    body: openAiError(
      "Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 34000 tokens: 30000 tokens from the input messages and 4000 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message:
        "Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 34000 tokens: 30000 tokens from the input messages and 4000 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
      retry: false,
    },
  },
  {
    name: "400 context overflow, vLLM < 0.10 wording for the prompt alone",
    status: 400,
    body: openAiError(
      "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens in the messages, Please reduce the length of the messages.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 5000 tokens > 4096 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, SGLang wording for the input alone",
    status: 400,
    body: openAiError("The input (40000 tokens) is longer than the model's context length (32768 tokens)."),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 40000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, vLLM >= 0.10 prompt-only wording",
    status: 400,
    body: openAiError(
      "This model's maximum context length is 1536 tokens. However, your request has 4176 input tokens. Please reduce the length of the input messages.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 4176 tokens > 1536 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, vLLM v1 engine wording (…is longer than the maximum model length)",
    status: 400,
    body: openAiError(
      "The decoder prompt (length 40000) is longer than the maximum model length of 32768. Make sure that `max_model_len` is no smaller than the number of text tokens.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 40000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, vLLM 'Input prompt … is too long' wording",
    status: 400,
    body: openAiError("Input prompt (40000 tokens) is too long and exceeds limit of 32768"),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 40000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, SGLang 'exceeds the maximum allowed length' wording",
    status: 400,
    body: JSON.stringify({
      object: "error",
      message:
        "Input length (40000 tokens) exceeds the maximum allowed length (32768 tokens). Use a shorter input or enable --allow-auto-truncate.",
      type: "BadRequestError",
      code: 400,
    }),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 40000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, SGLang 'requested a total of' wording",
    status: 400,
    body: openAiError(
      "Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 40000 tokens: 39000 tokens from the input messages and 1000 tokens for the completion.",
    ),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 39000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow, llama.cpp 'exceeds the available context size' with n_prompt_tokens/n_ctx",
    status: 400,
    body: JSON.stringify({
      error: {
        code: 400,
        message: "the request exceeds the available context size, try increasing it",
        type: "exceed_context_size_error",
        n_prompt_tokens: 40000,
        n_ctx: 32768,
      },
    }),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: 40000 tokens > 32768 maximum",
      retry: false,
    },
  },
  {
    name: "400 context overflow without readable numbers → generic wording keeping the upstream text",
    status: 400,
    body: openAiError("the request exceeds the available context size, try increasing it"),
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: the request exceeds the available context size, try increasing it",
      retry: false,
    },
  },
  {
    name: "400 'context length' without numbers → generic wording",
    status: 400,
    body: "Prompt exceeds the context length",
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "prompt is too long: Prompt exceeds the context length",
      retry: false,
    },
  },
  {
    name: "401 → 502 api_error, the echoed key and any Bearer token scrubbed",
    status: 401,
    body: JSON.stringify({ error: "Unauthorized: key sk-secret-123 (header Bearer sk-other) is invalid" }),
    expected: {
      status: 502,
      type: "api_error",
      message:
        "the upstream rejected the gateway's credentials (HTTP 401); check upstream.api_key: Unauthorized: key [redacted] (header Bearer [redacted]) is invalid",
      retry: false,
    },
  },
  {
    name: "403 → 502 api_error",
    status: 403,
    body: "",
    expected: {
      status: 502,
      type: "api_error",
      message: "the upstream rejected the gateway's credentials (HTTP 403); check upstream.api_key",
      retry: false,
    },
  },
  {
    name: "429 with retry-after → 429 rate_limit_error passing retry-after through",
    status: 429,
    body: openAiError("Too many requests", 429),
    headers: { "retry-after": "7" },
    expected: {
      status: 429,
      type: "rate_limit_error",
      message: "upstream rate limit (HTTP 429): Too many requests",
      retryAfter: "7",
      retry: true,
    },
  },
  {
    name: "429 without retry-after → no retryAfter",
    status: 429,
    body: "",
    expected: {
      status: 429,
      type: "rate_limit_error",
      message: "upstream rate limit (HTTP 429)",
      retry: true,
    },
  },
  {
    name: "503 → 529 overloaded_error",
    status: 503,
    body: JSON.stringify({ detail: "Service Unavailable" }),
    expected: {
      status: 529,
      type: "overloaded_error",
      message: "upstream overloaded (HTTP 503): Service Unavailable",
      retry: true,
    },
  },
  {
    name: "500 → 502 api_error with the flat older-vLLM message",
    status: 500,
    body: JSON.stringify({
      object: "error",
      message: "EngineCore died",
      type: "InternalServerError",
      code: 500,
    }),
    expected: {
      status: 502,
      type: "api_error",
      message: "upstream error (HTTP 500): EngineCore died",
      retry: true,
    },
  },
  {
    name: "502 from a proxy with a text body → 502 api_error",
    status: 502,
    body: "Bad Gateway",
    expected: {
      status: 502,
      type: "api_error",
      message: "upstream error (HTTP 502): Bad Gateway",
      retry: true,
    },
  },
  {
    name: "504 → 502 api_error",
    status: 504,
    body: "",
    expected: { status: 502, type: "api_error", message: "upstream error (HTTP 504)", retry: true },
  },
  {
    name: "404 → 502 api_error saying what to check (base_url, upstream.model), not to retry",
    status: 404,
    body: openAiError("The model `qwen` does not exist.", 404),
    expected: {
      status: 502,
      type: "api_error",
      message:
        "the upstream answered 404 Not Found for POST /chat/completions; check upstream.base_url (OpenAI-compatible servers serve /v1/chat/completions, so it usually ends in /v1) and upstream.model: The model `qwen` does not exist.",
      retry: false,
    },
  },
  {
    name: "422 (other 4xx) with a text body → 400 invalid_request_error with the text",
    status: 422,
    body: "messages: field required",
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "messages: field required",
      retry: false,
    },
  },
  {
    name: "413 (other 4xx) without a body → 400 invalid_request_error naming the status",
    status: 413,
    body: "",
    expected: {
      status: 400,
      type: "invalid_request_error",
      message: "the upstream rejected the request (HTTP 413)",
      retry: false,
    },
  },
];

describe("mapUpstreamHttpError (docs/http-api.md §5)", () => {
  it.each(httpRows)("$name", ({ status, body, headers, expected }) => {
    expect(
      seen(mapUpstreamHttpError(status, body, new Headers(headers), { secrets: ["sk-secret-123"] })),
    ).toEqual(expected);
  });

  it("never echoes the configured key, whatever the status", () => {
    for (const status of [400, 401, 403, 404, 429, 500, 503]) {
      const { message } = mapUpstreamHttpError(status, `bad key sk-secret-123`, new Headers(), {
        secrets: ["sk-secret-123"],
      });
      expect(message).not.toContain("sk-secret-123");
    }
  });

  it("does not take unrelated 'too long' complaints for a context overflow", () => {
    expect(mapUpstreamHttpError(400, openAiError("tool name is too long"), new Headers()).message).toBe(
      "tool name is too long",
    );
  });

  it("caps a huge upstream text", () => {
    const { message } = mapUpstreamHttpError(500, "x".repeat(100_000), new Headers());
    expect(message.length).toBeLessThan(2100);
  });

  it("leaves no half of a key that the cap cuts through, wherever it falls", () => {
    const key = "sk-secret-0123456789";
    for (let at = 1980; at <= 2001; at++) {
      const text = `${"x".repeat(at)}${key} and more`;
      for (const body of [text, openAiError(text)]) {
        const { message } = mapUpstreamHttpError(500, body, new Headers(), { secrets: [key] });
        expect(message, `key at ${at}`).not.toMatch(/sk-s|0123/);
      }
    }
  });
});

interface FailureRow {
  readonly name: string;
  readonly error: unknown;
  readonly expected: MappedUpstreamError;
}

const failureRows: FailureRow[] = [
  {
    name: "connection refused → 502 api_error",
    error: new UpstreamConnectionError(
      "upstream connection failed (ECONNREFUSED): connect refused",
      "ECONNREFUSED",
    ),
    expected: {
      status: 502,
      type: "api_error",
      message: "upstream connection failed (ECONNREFUSED): connect refused",
      retry: true,
    },
  },
  {
    name: "timeout before the first byte → 504 timeout_error",
    error: new UpstreamTimeoutError("timeout", 600000),
    expected: {
      status: 504,
      type: "timeout_error",
      message: "upstream did not finish within 600000 ms (timeout_ms)",
      retry: true,
    },
  },
  {
    name: "idle timeout before the first byte → 504 timeout_error",
    error: new UpstreamTimeoutError("idle", 120000),
    expected: {
      status: 504,
      type: "timeout_error",
      message: "upstream sent nothing for 120000 ms (idle_timeout_ms)",
      retry: true,
    },
  },
  {
    name: "client abort → 499 (log only: nobody is left to answer)",
    error: new UpstreamAbortError(),
    expected: {
      status: CLIENT_CLOSED_REQUEST,
      type: "api_error",
      message: "the client closed the request, so the upstream request was aborted",
      retry: false,
    },
  },
  {
    name: "anything else → 502 api_error, Bearer tokens scrubbed",
    error: new Error("proxy said: Authorization: Bearer sk-leak rejected"),
    expected: {
      status: 502,
      type: "api_error",
      message: "upstream request failed: proxy said: Authorization: Bearer [redacted] rejected",
      retry: true,
    },
  },
];

describe("mapUpstreamFailure", () => {
  it.each(failureRows)("$name", ({ error, expected }) => {
    expect(seen(mapUpstreamFailure(error))).toEqual(expected);
  });
});

describe("upstreamErrorForStream", () => {
  it.each(failureRows)("$name: the same type and message, for an SSE error event", ({ error, expected }) => {
    expect(upstreamErrorForStream(error)).toEqual({ type: expected.type, message: expected.message });
  });
});

describe("messages that name what to check", () => {
  const context = { url: "http://gpu1:8000/chat/completions", upstreamModel: "Qwen/Qwen3.5-122B-A10B" };

  it("names the URL and upstream.model for a 404, the URL for a 401", () => {
    expect(mapUpstreamHttpError(404, '{"detail":"Not Found"}', new Headers(), context).message).toBe(
      'the upstream answered 404 Not Found for POST http://gpu1:8000/chat/completions; check upstream.base_url (OpenAI-compatible servers serve /v1/chat/completions, so it usually ends in /v1) and upstream.model ("Qwen/Qwen3.5-122B-A10B"): Not Found',
    );
    expect(mapUpstreamHttpError(401, "", new Headers(), context).message).toBe(
      "the upstream at http://gpu1:8000/chat/completions rejected the gateway's credentials (HTTP 401); check upstream.api_key",
    );
  });

  it("names the URL of a connection that failed or timed out", () => {
    const refused = new UpstreamConnectionError(
      "upstream connection failed (ECONNREFUSED): refused",
      "ECONNREFUSED",
    );
    expect(mapUpstreamFailure(refused, context).message).toBe(
      "upstream connection failed (ECONNREFUSED): refused (http://gpu1:8000/chat/completions)",
    );
    expect(mapUpstreamFailure(new UpstreamTimeoutError("idle", 5), context).message).toContain(context.url);
  });
});

describe("an upstream that cannot be connected to (after the gateway's own retries)", () => {
  const url = "http://gpu1:8000/v1/chat/completions";

  it("answers 502, not retryable, naming the URL, the attempts and what to check", () => {
    const refused = new UpstreamUnreachableError("connect ECONNREFUSED", [{ url, code: "ECONNREFUSED" }], {
      attempts: 4,
      waitedMs: 1750,
    });
    expect(seen(mapUpstreamFailure(refused))).toEqual({
      status: 502,
      type: "api_error",
      retry: false,
      message: `cannot connect to the upstream: ${url} refused the connection (ECONNREFUSED); tried 4 times over 1.8 s. Is the model server running (and done loading), and is upstream.base_url right (host and port)?`,
    });
  });

  it("names the host name for a DNS failure", () => {
    const dns = new UpstreamUnreachableError("getaddrinfo", [{ url, code: "ENOTFOUND" }]);
    expect(mapUpstreamFailure(dns).message).toBe(
      `cannot connect to the upstream: the host name "gpu1" of ${url} is not known (ENOTFOUND). Check the host name in upstream.base_url (and this machine's DNS).`,
    );
    const later = new UpstreamUnreachableError("getaddrinfo", [{ url, code: "EAI_AGAIN" }]);
    expect(mapUpstreamFailure(later).message).toContain('"gpu1"');
    expect(mapUpstreamFailure(later).message).toContain("EAI_AGAIN: no answer from DNS");
  });

  it("names every replica, each with what happened, and each kind of advice once", () => {
    const other = "http://gpu2:8000/v1/chat/completions";
    const third = "http://gpu3:8000/v1/chat/completions";
    const error = new UpstreamUnreachableError(
      "x",
      [
        { url, code: "ECONNREFUSED" },
        { url: other, code: "ENOTFOUND" },
        { url: third, code: "ECONNREFUSED" },
      ],
      { attempts: 2, waitedMs: 250 },
    );
    const { message } = mapUpstreamFailure(error);
    expect(message).toBe(
      `cannot connect to any of the 3 replicas: ${url} refused the connection (ECONNREFUSED); the host name "gpu2" of ${other} is not known (ENOTFOUND); ${third} refused the connection (ECONNREFUSED); tried 2 times over 0.3 s. Is the model server running (and done loading), and is upstream.base_url right (host and port)? Check the host name in upstream.base_url (and this machine's DNS).`,
    );
  });
});

describe("redirects (never followed)", () => {
  it("maps a 3xx to 502 naming where it pointed, without its query, and says not to retry", () => {
    const error = mapUpstreamHttpError(
      302,
      "",
      new Headers({ location: "https://other.example/v1/chat/completions?key=sk-secret-123" }),
      { url: "http://gpu1:8000/v1/chat/completions", secrets: ["sk-secret-123"] },
    );
    expect(seen(error)).toEqual({
      status: 502,
      type: "api_error",
      message:
        "the upstream at http://gpu1:8000/v1/chat/completions answered a redirect (HTTP 302 to https://other.example/v1/chat/completions); redirects are not followed, since they would carry the prompt elsewhere: set upstream.base_url to the final URL",
      retry: false,
    });
  });
});
