import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { modelYaml, startTestGateway, type TestGateway } from "../server/test-gateway";
import { type Answer, askGateway } from "./ask-gateway";
import { errorAnswerProblems } from "./error-answer-problems";
import { expectStillServing } from "./expect-still-serving";
import { mutatedRequest, validOddRequest } from "./messages-request-arbitrary";
import { rawBody } from "./raw-body-arbitrary";
import { wellFormedAnswerProblems } from "./well-formed-answer-problems";

const plainText = readChunks("plain-text");
// Modest: each run is one HTTP request, and the suite must stay within a few seconds.
const RUNS = 150;
const ANSWER_TIMEOUT_MS = 10_000;
const PROPERTY_TIMEOUT_MS = 60_000;

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) =>
    // No /tokenize here: count_tokens estimates, as it does against a server without one.
    request.path.endsWith("/tokenize") ? { status: 404 } : { payloads: plainText },
  );
  gateway = await startTestGateway(
    `models:\n${modelYaml("ok", upstream.baseUrl, { model: { preset: "qwen3.5", aliases: '["claude-*"]' } })}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** Counts answers by status, so a property that only ever saw 400s cannot pass unnoticed. */
function tally(): { seen: Map<number, number>; note(answer: Answer): void } {
  const seen = new Map<number, number>();
  return { seen, note: (answer) => seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1) };
}

async function expectWellFormed(
  body: string | Uint8Array,
  headers?: Record<string, string>,
): Promise<Answer> {
  const answer = await askGateway(gateway.origin, {
    body,
    ...(headers === undefined ? {} : { headers }),
    timeoutMs: ANSWER_TIMEOUT_MS,
  });
  expect(wellFormedAnswerProblems(answer)).toEqual([]);
  return answer;
}

describe("hostile client input: every answer is a well-formed Anthropic error (4xx) or a message, never a 500 or a hang", () => {
  it(
    "valid requests with odd strings, huge text, unknown blocks, deep tool input and unknown fields",
    async () => {
      const statuses = tally();
      await fc.assert(
        fc.asyncProperty(validOddRequest, async (request) => {
          statuses.note(await expectWellFormed(JSON.stringify(request)));
        }),
        { numRuns: RUNS },
      );
      // Most of these reach the upstream and come back as a message.
      expect(statuses.seen.get(200) ?? 0).toBeGreaterThan(RUNS / 2);
      await expectStillServing(gateway.origin);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "requests with wrong types, missing fields, odd values and nesting up to 50 deep",
    async () => {
      const statuses = tally();
      await fc.assert(
        fc.asyncProperty(mutatedRequest, async (request) => {
          statuses.note(await expectWellFormed(JSON.stringify(request)));
        }),
        { numRuns: RUNS },
      );
      expect(statuses.seen.get(400) ?? 0).toBeGreaterThan(0);
      await expectStillServing(gateway.origin);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "random JSON, non-JSON bytes, cut JSON, empty bodies and wrong content types",
    async () => {
      await fc.assert(
        fc.asyncProperty(rawBody, async ({ body, contentType }) => {
          const answer = await expectWellFormed(
            body,
            contentType === undefined ? {} : { "content-type": contentType },
          );
          // None of these is a complete request: the answer is the 400 of docs/http-api.md §3.
          expect(errorAnswerProblems(answer)).toEqual([]);
        }),
        { numRuns: RUNS },
      );
      await expectStillServing(gateway.origin);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "count_tokens with the same requests: a positive count or a 4xx error",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(validOddRequest, mutatedRequest), async (request) => {
          const answer = await askGateway(gateway.origin, {
            path: "/v1/messages/count_tokens",
            body: JSON.stringify(request),
            timeoutMs: ANSWER_TIMEOUT_MS,
          });
          if (answer.status === 200 && answer.kind === "json") {
            expect((answer.body as { input_tokens: unknown }).input_tokens).toBeGreaterThan(0);
            return;
          }
          expect(errorAnswerProblems(answer)).toEqual([]);
          expect(answer.status).toBeLessThan(500);
        }),
        { numRuns: RUNS / 3 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
