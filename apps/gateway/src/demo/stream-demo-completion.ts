import { setTimeout as sleep } from "node:timers/promises";
import { UpstreamAbortError } from "../upstream/upstream-abort-error";

export interface DemoCompletion {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  /** One chat chunk each. */
  readonly tokens: readonly string[];
  readonly finishReason: "stop" | "length";
  /** Null: the request did not ask for usage (`stream_options.include_usage`). */
  readonly promptTokens: number | null;
}

const encoder = new TextEncoder();

/**
 * The completion as vLLM streams it: a role chunk, one `chat.completion.chunk` per token (a `length`
 * finish rides on the last token's chunk; EOS is its own empty chunk with `finish_reason: stop`), the
 * usage chunk with `choices: []`, then `data: [DONE]`. Stops at once when `signal` aborts.
 */
export async function* streamDemoCompletion(
  completion: DemoCompletion,
  signal: AbortSignal,
  tokenDelayMs: number,
): AsyncGenerator<Uint8Array, void, undefined> {
  const base = {
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
  };
  const event = (payload: unknown): Uint8Array => encoder.encode(`data: ${JSON.stringify(payload)}\n\n`);
  const choice = (delta: Record<string, unknown>, finishReason: string | null) => ({
    ...base,
    choices: [
      {
        index: 0,
        delta,
        logprobs: null,
        finish_reason: finishReason,
        ...(finishReason === null ? {} : { stop_reason: null }),
      },
    ],
  });
  const beforeEachChunk = async (): Promise<void> => {
    if (tokenDelayMs > 0) await sleep(tokenDelayMs, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) throw new UpstreamAbortError();
  };

  await beforeEachChunk();
  yield event(choice({ role: "assistant", content: "" }, null));
  const { tokens } = completion;
  for (let index = 0; index < tokens.length; index++) {
    await beforeEachChunk();
    const last = index === tokens.length - 1;
    yield event(
      choice({ content: tokens[index] }, last && completion.finishReason === "length" ? "length" : null),
    );
  }
  if (completion.finishReason === "stop") {
    await beforeEachChunk();
    yield event(choice({ content: "" }, "stop"));
  }
  if (signal.aborted) throw new UpstreamAbortError();
  if (completion.promptTokens !== null) {
    const usage = {
      prompt_tokens: completion.promptTokens,
      completion_tokens: tokens.length,
      total_tokens: completion.promptTokens + tokens.length,
    };
    yield event({ ...base, choices: [], usage });
  }
  yield encoder.encode("data: [DONE]\n\n");
}
