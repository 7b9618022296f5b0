import type { ThinkingKwarg } from "@sluice/core";
import type { ServerFix, TemplateRules } from "./template-rules";

export type { ThinkingKwarg };

/** A model family: which dialects parse its raw output, and how its template is told to think. */
export interface Preset {
  readonly name: string;
  /** A reasoning dialect id of the registry, or `none`: the family writes no reasoning markup. */
  readonly reasoningParser: string;
  /** A tool dialect id of the registry, or `none`. */
  readonly toolParser: string;
  /** Absent: the reasoning dialect's own switch (or none: the family always thinks, or never does). */
  readonly thinkingKwarg?: ThinkingKwarg;
  /**
   * What the family's template does when the request sets no switch (OpenAI clients often send none).
   * Absent: it thinks when it has a reasoning dialect (Qwen3, GLM, Kimi K2.5, DeepSeek V4 all default on).
   */
  readonly thinksByDefault?: boolean;
  /** What the family's chat template requires of a request (docs/dialects.md §5); absent: it takes any. */
  readonly template?: TemplateRules;
}

/**
 * docs/config.md §1 presets, as data: an explicit list, no registration by import side effect. A new
 * family is one row here (its dialects come from the registry, checked by the contract tests).
 */
export const PRESETS: readonly Preset[] = [
  // Qwen3's template renders late system messages in place; the 2507 Thinking variant opens `<think>`, the
  // hybrid one has the model write it, so the dialect's default (start in reasoning) serves both.
  { name: "qwen3", reasoningParser: "qwen3", toolParser: "hermes", thinkingKwarg: "enable_thinking" },
  { name: "qwen3-coder", reasoningParser: "none", toolParser: "qwen_xml" },
  {
    name: "qwen3.5",
    reasoningParser: "qwen3",
    toolParser: "qwen_xml",
    thinkingKwarg: "enable_thinking",
    // Also Qwen3.6: `preserve_thinking` keeps every turn's reasoning (3.5 ignores it), so a new user turn
    // extends the prompt instead of re-rendering the last tool loop without its reasoning.
    template: { systemMessages: "leading", reasoningStart: "always", kwargs: { preserve_thinking: true } },
  },
  {
    name: "deepseek-r1",
    reasoningParser: "deepseek_r1",
    toolParser: "none",
    template: {
      systemMessages: "leading",
      reasoningStart: "after-user",
      serverFixes: [concatenatedArguments("DeepSeek-R1")],
    },
  },
  // V4.1 writes DSML with spaced markers (docs/dialects.md §3); no template of its own is public, V4's rules stand.
  {
    name: "deepseek-v4.1",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_dsml",
    thinkingKwarg: "thinking",
    template: { systemMessages: "leading", reasoningStart: "always" },
  },
  // Hermes' tool_use template renders a turn's calls in place of its text.
  {
    name: "hermes",
    reasoningParser: "none",
    toolParser: "hermes",
    template: { textBesideCalls: "own-turn" },
  },
  // GLM-4.5/4.6: the model writes `<think>` itself (the template never opens it).
  {
    name: "glm-4.5",
    reasoningParser: "qwen3",
    toolParser: "glm45",
    thinkingKwarg: "enable_thinking",
    template: { reasoningStart: "never" },
  },
  // Also GLM-5.x; its template opens `<think>`.
  {
    name: "glm-4.7",
    reasoningParser: "qwen3",
    toolParser: "glm47",
    thinkingKwarg: "enable_thinking",
    template: { reasoningStart: "always" },
  },
  // MiniMax always thinks (its template opens `<think>`); a tool block may end the reasoning.
  {
    name: "minimax-m2",
    reasoningParser: "deepseek_r1",
    toolParser: "minimax_m2",
    template: { systemMessages: "leading", reasoningStart: "always" },
  },
  // MiniMax M3's template prefills `<mm:think>` only with `thinking_mode: "enabled"` (off by default); its tags are
  // special tokens (the dialects ask for them). Its message loop is taken to be M2's: one leading system message.
  {
    name: "minimax-m3",
    reasoningParser: "minimax_m3",
    toolParser: "minimax_m3",
    thinkingKwarg: "thinking_mode",
    thinksByDefault: false,
    template: { systemMessages: "leading", reasoningStart: "always" },
  },
  {
    name: "deepseek-v3.1",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_v31",
    thinkingKwarg: "thinking",
    // V3.1/V3.2 templates default to `thinking: false` (V4 defaults on).
    thinksByDefault: false,
    template: {
      systemMessages: "leading",
      reasoningStart: "after-user",
      serverFixes: [concatenatedArguments("DeepSeek V3.1")],
    },
  },
  {
    name: "deepseek-v3.2",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_dsml",
    thinkingKwarg: "thinking",
    // V3.1/V3.2 templates default to `thinking: false` (V4 defaults on).
    thinksByDefault: false,
    template: { systemMessages: "leading", reasoningStart: "always", thinkingAliases: ["enable_thinking"] },
  },
  {
    name: "deepseek-v4",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_dsml",
    thinkingKwarg: "thinking",
    template: { systemMessages: "leading", reasoningStart: "always" },
  },
  // Step 3.5 / 3.7 Flash: qwen_xml's calls, and a template (Qwen3.5's turns) that always opens `<think>` with no
  // switch, so deepseek_r1 (both dialects answer to `step3p5`). It drops a `developer` message, which the one
  // leading system message takes in. `preserve_thinking` keeps every turn's reasoning, so a new user turn extends
  // the prompt instead of re-rendering the last tool loop without it.
  {
    name: "step-3.5",
    reasoningParser: "deepseek_r1",
    toolParser: "qwen_xml",
    template: { systemMessages: "leading", reasoningStart: "always", kwargs: { preserve_thinking: true } },
  },
  // Seed-OSS: qwen_xml's body in `<seed:tool_call>`, `<seed:think>` which the model opens itself (so the answer
  // starts in content), one leading system message (its template writes a `developer` message under a role header
  // of its own). Its budget (`thinking_budget`) is a number, not a switch, and
  // it always thinks (budget 0 still writes a budget note), so no thinking_kwarg: the dialect says alwaysThinks.
  {
    name: "seed-oss",
    reasoningParser: "seed_oss",
    toolParser: "seed_oss",
    template: { systemMessages: "leading", reasoningStart: "never" },
  },
  // Mistral, Devstral, Magistral: calls after `[TOOL_CALLS]`, `[THINK]` which the model opens itself when its
  // system prompt asks (Magistral's does), so the answer starts in content and no request field switches it. Its
  // templates take system and user roles only (Codex's developer messages join the leading system message) and
  // no user turn right after tool results (mistral-common, Mistral Small 3.x); past call ids must be nine letters
  // and digits (the dialect renames them so).
  {
    name: "mistral",
    reasoningParser: "mistral",
    toolParser: "mistral",
    template: { systemMessages: "leading", reasoningStart: "never", turns: "alternating" },
  },
  // gpt-oss (harmony), for llama.cpp with `--reasoning-format none` or a server that keeps special tokens and parses
  // nothing (vLLM, SGLang and Ollama parse harmony themselves: the same preset reads their fields). The model writes
  // every channel header itself and always reasons (`reasoning_effort` sets how much; the preset sends none, so the
  // template's `medium` stands); the template takes one leading system message (it drops later ones), renders a call
  // turn's text as its analysis and raises on a turn with both, renders only a turn's first call, and its servers
  // read past reasoning under two names.
  {
    name: "gpt-oss",
    reasoningParser: "harmony",
    toolParser: "harmony",
    template: {
      systemMessages: "leading",
      reasoningStart: "never",
      textBesideCalls: "in-reasoning",
      callsPerTurn: "one",
      reasoningFields: ["reasoning", "reasoning_content"],
    },
  },
  // Gemma 4 (gemma4.jinja): thinking off by default, switched with enable_thinking (`<|think|>` in the system turn);
  // the model opens its `<|channel>thought` itself, and with thinking off the generation prompt closes an empty one,
  // so the answer never starts inside it. One system turn, first (a later one would be a `<|turn>system` inside the
  // model's open turn after a tool result); tool results as the calling turn's `tool_responses`, the turn's text
  // before its calls as a turn of its own (the template renders content after the responses). Past reasoning is
  // stripped by the template itself.
  {
    name: "gemma-4",
    reasoningParser: "gemma4",
    toolParser: "gemma4",
    thinkingKwarg: "enable_thinking",
    thinksByDefault: false,
    template: {
      systemMessages: "leading",
      reasoningStart: "never",
      textBesideCalls: "own-turn",
      toolResults: "tool_responses",
    },
  },
  // K2-Instruct does not think.
  { name: "kimi-k2", reasoningParser: "none", toolParser: "kimi_k2" },
  // K2.5/K2.6: thinking by default, switched with chat_template_kwargs.thinking; the template opens `<think>`.
  {
    name: "kimi-k2.5",
    reasoningParser: "qwen3",
    toolParser: "kimi_k2",
    thinkingKwarg: "thinking",
    template: { reasoningStart: "always" },
  },
  // Kimi K3: XTML channels of special tokens (both dialects ask the server to keep them, unspaced). Its template
  // opens the think channel when `thinking` is on (the default; vLLM also reads `enable_thinking`) and the response
  // channel when off, renders system messages in place and every past reasoning, and raises on a tool result it
  // cannot name, so results carry their call's name.
  {
    name: "kimi-k3",
    reasoningParser: "kimi_k3",
    toolParser: "kimi_k3",
    thinkingKwarg: "thinking",
    template: {
      reasoningStart: "always",
      thinkingAliases: ["enable_thinking"],
      toolResultNames: "from-call",
    },
  },
];

/**
 * DeepSeek V3.1's and R1's stock templates write each past call's `arguments` as a string, which vLLM has
 * already parsed into an object: every conversation with a past tool call raises, whatever the request.
 */
function concatenatedArguments(family: string): ServerFix {
  return {
    raises: 'can only concatenate str (not "dict") to str',
    advice: `${family}'s stock chat template cannot render a past tool call on this server: it joins the call's arguments as a string, and the server has parsed them into an object. Fix it on the server: give vLLM (or SGLang) a copy of the template that writes the arguments with \`| tojson\` (--chat-template FILE), or serve the model with llama.cpp, which passes the arguments as the template expects`,
  };
}

export const PRESET_NAMES: readonly string[] = PRESETS.map((preset) => preset.name);

/** The preset called `name`, if any. */
export function findPreset(name: string | undefined): Preset | undefined {
  return name === undefined ? undefined : PRESETS.find((preset) => preset.name === name);
}
