import type { ChatCompletionRequest } from "@sluice/upstream-chat";
import { tokenizeRequestBody } from "../../translate/tokenize-request-body";
import { outputBudgetRefusal } from "../../upstream/output-budget-refusal";
import { readUpstreamText } from "../../upstream/read-upstream-text";
import type { UpstreamResponse } from "../../upstream/upstream";
import { upstreamErrorText } from "../../upstream/upstream-error-text";
import type { ServedModel } from "../served/compile-served-config";
import { fitOutputBudget, type OutputBudgetNote } from "./fit-output-budget";

export interface WindowHooks {
  /** Each body as it goes upstream (the recorder's `upstreamCall`): the fitted one, then a retry's. */
  readonly onSend: (body: Record<string, unknown>) => void;
  /** `max_tokens` was changed (the request log's `outputBudget`). */
  readonly onBudget: (note: OutputBudgetNote) => void;
}

/**
 * Sends a translated chat request within the model's context window (docs/http-api.md §4, "The output
 * budget"): `max_tokens` fitted first when the window is known; a 400 refusing the output budget, with a
 * budget it states below the one sent, is sent once more with that budget (and the window it states is
 * kept for the next requests). The answer is the last one, as `upstream.send` would give it; failures
 * throw as they do from `send`.
 */
export async function sendWithinWindow(
  model: ServedModel,
  body: Record<string, unknown>,
  signal: AbortSignal,
  hooks: WindowHooks,
): Promise<UpstreamResponse> {
  const { upstream } = model;
  const { tokenize } = upstream;
  const fitted = await fitOutputBudget(
    body,
    model.window.current()?.tokens,
    tokenize === undefined
      ? undefined
      : (counted, countSignal) =>
          tokenize.call(upstream, { ...tokenizeRequestBody(counted as ChatCompletionRequest) }, countSignal),
    signal,
  );
  if (fitted.note !== undefined) hooks.onBudget(fitted.note);
  hooks.onSend(fitted.body);
  const response = await upstream.send({ body: fitted.body, signal });
  const asked = fitted.body.max_tokens;
  if (response.status !== 400 || typeof asked !== "number") return response;

  const text = await readUpstreamText(response.body).catch(() => "");
  const refusal = outputBudgetRefusal(upstreamErrorText(text));
  if (refusal === undefined || refusal.budget >= asked || signal.aborted)
    return { ...response, body: replayed(text) };
  // The refusal counted the prompt with the server's own template: its numbers are exact.
  model.window.noteStated(refusal.window);
  hooks.onBudget({
    asked: fitted.note?.asked ?? asked,
    sent: refusal.budget,
    window: refusal.window,
    promptTokens: refusal.promptTokens,
    measuredBy: "refusal",
    retried: true,
  });
  const retried = { ...fitted.body, max_tokens: refusal.budget };
  hooks.onSend(retried);
  return upstream.send({ body: retried, signal });
}

/** The error body already read, for the caller to read (and record) as if it came now. */
async function* replayed(text: string): AsyncGenerator<Uint8Array, void, undefined> {
  yield new TextEncoder().encode(text);
}
