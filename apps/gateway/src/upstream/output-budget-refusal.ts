/** A server's refusal of the output budget: the prompt fits its window, the prompt plus `max_tokens` does not. */
export interface OutputBudgetRefusal {
  /** The window the server states. */
  readonly window: number;
  /** The prompt's tokens as the server counted them (its own template and tokenizer: exact). */
  readonly promptTokens: number;
  /** The largest `max_tokens` the server accepts with this prompt. */
  readonly budget: number;
}

interface Wording {
  readonly pattern: RegExp;
  /** Tokens the server wants free beyond the prompt and `max_tokens` (SGLang refuses a total equal to the window). */
  readonly spare: number;
}

// Each captures the window, then the prompt's tokens. llama.cpp and Ollama never refuse a budget (they
// stop generating at the window's end); their refusals are about the prompt alone.
const WORDINGS: readonly Wording[] = [
  // vLLM >= 0.10 (serving_engine.py): "'max_tokens' or 'max_completion_tokens' is too large: 128000. This
  // model's maximum context length is 65536 tokens and your request has 4314 input tokens (128000 > 65536 - 4314)."
  { pattern: /maximum context length is (\d+) tokens and your request has (\d+) input tokens/i, spare: 0 },
  // vLLM < 0.10: "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens
  // (8000 in the messages, 32000 in the completion)."
  {
    pattern:
      /maximum context length is (\d+) tokens\. However, you requested \d+ tokens \((\d+) in the messages,/i,
    spare: 0,
  },
  // SGLang (tokenizer_manager.py): "Requested token count exceeds the model's maximum context length of 32768
  // tokens. You requested a total of 34000 tokens: 30000 tokens from the input messages and 4000 tokens for the
  // completion." It refuses prompt + max_new_tokens >= the window.
  {
    pattern:
      /maximum context length of (\d+) tokens\. You requested a total of \d+ tokens: (\d+) tokens from the input/i,
    spare: 1,
  },
];

/**
 * The budget a refusal states (docs/http-api.md §4, "The output budget"), or undefined when `text` (the
 * upstream's error message) is not an output-budget refusal: another complaint, or a prompt that alone
 * does not fit, which is the `prompt is too long` error instead.
 */
export function outputBudgetRefusal(text: string): OutputBudgetRefusal | undefined {
  for (const { pattern, spare } of WORDINGS) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const window = Number(match[1]);
    const promptTokens = Number(match[2]);
    const budget = window - promptTokens - spare;
    return budget >= 1 ? { window, promptTokens, budget } : undefined;
  }
  return undefined;
}
