/** Wordings of "the prompt does not fit" across vLLM, SGLang, llama.cpp and Ollama. */
const OVERFLOW =
  /context (?:length|size|window)|(?:prompt|input|request|messages?)\b[^.]{0,40}\bis too long|prompt too long|exceeds the maximum allowed length|maximum model length/i;

// Tokens the request needs, per server; the first pattern that matches wins.
const REQUESTED: readonly RegExp[] = [
  /you requested (\d+) tokens/i, // vLLM < 0.10: the total, prompt plus completion
  /requested a total of (\d+) tokens/i, // SGLang
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
 * readable; undefined when the upstream complaint is about something else.
 */
export function contextOverflowMessage(upstreamText: string, bodyText: string): string | undefined {
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
  // vLLM >= 0.10: "your request has 2778 input tokens (8000 > 4096 - 2778)": prompt plus max_tokens.
  const input = firstNumber(text, [/(\d+) input tokens/i]);
  if (input === undefined) return undefined;
  const completion = firstNumber(text, [/\((\d+) > \d+ - \d+\)/]);
  return input + (completion ?? 0);
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
