import { outputBudgetRefusal } from "./output-budget-refusal";

/** Wordings of "the prompt does not fit" across vLLM, SGLang, llama.cpp and Ollama. */
const OVERFLOW =
  /context (?:length|size|window)|(?:prompt|input|request|messages?)\b[^.]{0,40}\bis too long|prompt too long|exceeds the maximum allowed length|maximum model length/i;

// The prompt's tokens, per server; the first pattern that matches wins. (Where a wording also names a
// completion, the prompt alone is over the window here: a budget refusal never gets this far.)
const REQUESTED: readonly RegExp[] = [
  /\((\d+) in the messages/i, // vLLM < 0.10 "you requested T tokens (P in the messages, K in the completion)"
  /(\d+) tokens from the input messages/i, // SGLang "a total of T tokens: P tokens from the input messages"
  /you requested (\d+) tokens/i, // vLLM < 0.10 for the prompt alone: "you requested P tokens in the messages"
  /prompt \((?:total )?length (\d+)\)/i, // vLLM v1 "The decoder prompt (length N) is longer than …"
  /(?:input|prompt)[^(\d.]{0,20}\((\d+) tokens\)/i, // SGLang "Input length (N tokens)", vLLM "Input prompt (N tokens)"
];

const MAXIMUM: readonly RegExp[] = [
  /maximum context length (?:is|of) (\d+)/i,
  /maximum model length of (\d+)/i,
  /maximum allowed length \((\d+) tokens\)/i,
  /context length (?:of |is )?\(?(\d+)/i,
  /limit of (\d+)/i,
];

/**
 * Anthropic's wording for a context overflow, `prompt is too long: N tokens > M maximum`, which
 * Claude Code recognises (it compacts); a generic `prompt is too long: …` when the numbers are not
 * readable; undefined when the upstream complaint is about something else. A refused output budget (the
 * prompt fits, prompt plus `max_tokens` does not) is not a long prompt: compacting would not help.
 */
export function contextOverflowMessage(upstreamText: string, bodyText: string): string | undefined {
  if (outputBudgetRefusal(upstreamText) !== undefined) return undefined;
  const fields = llamaCppFields(bodyText);
  if (!OVERFLOW.test(upstreamText) && fields === undefined) return undefined;
  const requested = fields?.requested ?? requestedTokens(upstreamText);
  const maximum = fields?.maximum ?? firstNumber(upstreamText, MAXIMUM);
  if (requested !== undefined && maximum !== undefined) {
    return `prompt is too long: ${requested} tokens > ${maximum} maximum`;
  }
  return `prompt is too long: ${upstreamText}`;
}

function requestedTokens(text: string): number | undefined {
  const total = firstNumber(text, REQUESTED);
  if (total !== undefined) return total;
  // vLLM >= 0.10: "However, your request has 4176 input tokens." (its budget wording never gets here).
  return firstNumber(text, [/(\d+) input tokens/i]);
}

function firstNumber(text: string, patterns: readonly RegExp[]): number | undefined {
  for (const pattern of patterns) {
    const digits = pattern.exec(text)?.[1];
    if (digits !== undefined) return Number(digits);
  }
  return undefined;
}

/** llama.cpp's `exceed_context_size_error` carries the numbers as fields next to the message. */
function llamaCppFields(bodyText: string): { requested: number; maximum: number } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  const error = (json as { error?: unknown } | null)?.error;
  if (typeof error !== "object" || error === null) return undefined;
  const { n_prompt_tokens: requested, n_ctx: maximum } = error as {
    n_prompt_tokens?: unknown;
    n_ctx?: unknown;
  };
  if (typeof requested !== "number" || typeof maximum !== "number") return undefined;
  return { requested, maximum };
}
