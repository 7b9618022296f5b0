import type { ThinkingKwarg } from "@sluice/core";

/**
 * What a family's chat template requires of a request, and where it leaves the model (docs/dialects.md §5).
 * vLLM, SGLang and llama.cpp render every request through the model's own Jinja template: a template can
 * raise (the server answers 400), silently drop a message or a turn's text, or open `<think>` in the
 * generation prompt only on some turns. The gateway shapes every route's upstream messages by these rules
 * (`applyTemplateRules`) and starts the reasoning parser where the template leaves the model
 * (`answerStartsInReasoning`). Declared on the family's preset; what a preset leaves out, its template
 * takes as today's translation sends it.
 */
export interface TemplateRules {
  /**
   * `leading`: the template takes one system message, and only first (Qwen3.5/3.6 raise
   * `System message must be at the beginning.`, DeepSeek V3.2 and MiniMax M2 drop a later one, DeepSeek V3.1
   * hoists every one to the top, R1 keeps only the last). Leading system (and developer) messages are joined
   * into one; a later one becomes system context inside the user message or tool result beside it.
   * Absent: system messages are rendered where they are (GLM, Kimi, Qwen3), and go as sent.
   */
  readonly systemMessages?: "leading";
  /**
   * With thinking on, whether the generation prompt opens `<think>`: `always` (Qwen3.5, GLM-4.7, MiniMax,
   * DeepSeek V3.2/V4), `after-user` (only when the last message is the user's, not a tool result: DeepSeek
   * V3.1 and R1), `never` (the model writes `<think>` itself, so the answer starts in content and the dialect
   * enters reasoning at its tag: GLM-4.5/4.6). With thinking off every template starts the answer in content.
   * Absent: the reasoning dialect's default (inside reasoning whenever thinking is on).
   */
  readonly reasoningStart?: "always" | "after-user" | "never";
  /**
   * Other names the family's templates read the thinking switch under (DeepSeek V3.2's Jinja template reads
   * `enable_thinking`, defaulting on, where vLLM's encoder reads `thinking`): each is sent with its value.
   */
  readonly thinkingAliases?: readonly ThinkingKwarg[];
  /** Template switches the preset sends on every request, next to the thinking switch (the client's and the config's win). */
  readonly kwargs?: Readonly<Record<string, unknown>>;
  /**
   * `own-turn`: the template renders an assistant turn's calls in place of its text (Hermes' `tool_use`
   * template), so an assistant message with both goes as two: its text, then its calls.
   */
  readonly textBesideCalls?: "own-turn";
  /**
   * `tool_responses`: the template reads tool results from the assistant message that made the calls, as
   * `tool_responses: [{name, response}]`, and renders a `tool` message as a bare turn of its text (Gemma 4: the
   * results then continue the model's turn, which the generation prompt does not reopen). The tool messages that
   * answer an assistant message's calls become that message's `tool_responses`, in order, each named after the call
   * it answers, its text the response.
   */
  readonly toolResults?: "tool_responses";
  /**
   * Errors this template raises on requests no shape of the chat API avoids (a server-side template bug), each
   * with what to change on the server; the gateway adds the advice to the upstream's 400.
   */
  readonly serverFixes?: readonly ServerFix[];
}

export interface ServerFix {
  /** Text of the template's exception, as the upstream's error message carries it. */
  readonly raises: string;
  readonly advice: string;
}
