import { describe, expect, it } from "vitest";
import { outputBudgetRefusal } from "../../src/upstream/output-budget-refusal";

/** The servers' own wordings (vLLM serving_engine.py, SGLang tokenizer_manager.py), and what is not one. */
describe("outputBudgetRefusal", () => {
  it("vLLM >= 0.10: the window minus the prompt it counted", () => {
    const text =
      "'max_tokens' or 'max_completion_tokens' is too large: 128000. This model's maximum context length is 65536 tokens and your request has 4314 input tokens (128000 > 65536 - 4314). (parameter=max_tokens, value=128000)";
    expect(outputBudgetRefusal(text)).toEqual({ window: 65_536, promptTokens: 4314, budget: 65_536 - 4314 });
  });

  it("vLLM < 0.10, the messages fitting: the window minus the messages", () => {
    const text =
      "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens (8000 in the messages, 32000 in the completion). Please reduce the length of the messages or completion.";
    expect(outputBudgetRefusal(text)).toEqual({ window: 32_768, promptTokens: 8000, budget: 24_768 });
  });

  it("SGLang, which refuses a total equal to the window: one token less", () => {
    const text =
      "Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 34000 tokens: 30000 tokens from the input messages and 4000 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.";
    expect(outputBudgetRefusal(text)).toEqual({ window: 32_768, promptTokens: 30_000, budget: 2767 });
  });

  it.each([
    // The prompt alone is over the window: a long prompt, not a budget.
    "This model's maximum context length is 32768 tokens. However, you requested 41000 tokens (40000 in the messages, 1000 in the completion).",
    "Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 33000 tokens: 32768 tokens from the input messages and 232 tokens for the completion.",
    "This model's maximum context length is 1536 tokens. However, your request has 4176 input tokens. Please reduce the length of the input messages.",
    "request (40000 tokens) exceeds the available context size (32768 tokens), try increasing it",
    "the input length exceeds the context length",
    "temperature must be non-negative",
  ])("is not one: %s", (text) => {
    expect(outputBudgetRefusal(text)).toBeUndefined();
  });
});
