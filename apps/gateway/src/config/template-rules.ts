import type { ThinkingKwarg } from "@sluice/core";
import type { ReasoningField } from "./config";

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
   * `from-call`: the template renders each tool result under its tool's name and raises when it cannot resolve one
   * (Kimi K3's: `tool`/`name`, else the id matched among the last assistant turn's calls, else the call at that
   * position). Each tool result without a `name` gets the name of the assistant call with its `tool_call_id`.
   */
  readonly toolResultNames?: "from-call";
  /**
   * `own-turn`: the template renders an assistant turn's calls in place of its text (Hermes' `tool_use`
   * template), so an assistant message with both goes as two: its text, then its calls. `in-reasoning`: the
   * template renders a call turn's text as its reasoning and raises on a turn with both (gpt-oss: "Cannot pass both
   * content and thinking in an assistant message with tool calls!"), so such a turn's text joins its reasoning.
   */
  readonly textBesideCalls?: "own-turn" | "in-reasoning";
  /**
   * `one`: the template renders only an assistant turn's first call (gpt-oss: "We assume max 1 tool call per
   * message"), naming every tool result after it, so a turn with several goes as one turn per call, each followed
   * by its own result, as harmony writes calls.
   */
  readonly callsPerTurn?: "one";
  /**
   * The request fields past reasoning goes under, whatever the upstream's `reasoning_field` says: the family's
   * servers each read their own (gpt-oss: vLLM's harmony renderer `reasoning`, llama.cpp `reasoning_content`, which
   * it copies into the template's `thinking`), and none reads both.
   */
  readonly reasoningFields?: readonly ReasoningField[];
  /**
   * `alternating`: the server takes user and assistant turns only in turn, tool results and calls aside: vLLM's
   * mistral tokenizer mode (mistral-common) raises `Unexpected role 'user' after role 'tool'`, and Mistral Small
   * 3.x's Jinja template raises on two user turns in a row. Two user messages in a row go as one, and the text a
   * user turn puts beside its tool results (Claude Code's reminders) joins the last result instead of making a
   * user turn of its own.
   */
  readonly turns?: "alternating";
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
