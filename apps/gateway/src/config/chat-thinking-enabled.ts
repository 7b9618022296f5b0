import { readThinkingKwarg } from "@sluice/core";
import type { ThinkingKwarg } from "./presets";
import type { ThinkingSetting } from "./thinking-enabled";

/** The parts of an OpenAI request (Chat Completions, or Responses turned into one) that ask for thinking. */
export interface ChatThinkingRequest {
  /** Chat Completions' `reasoning_effort`, Responses' `reasoning.effort`. */
  readonly reasoning_effort?: unknown;
  readonly chat_template_kwargs?: unknown;
}

export interface ChatThinkingSetting extends ThinkingSetting {
  readonly thinkingKwarg?: ThinkingKwarg;
  readonly thinksByDefault: boolean;
}

/**
 * Whether an OpenAI client's request runs with thinking on (docs/http-api.md §6). The config's `on`/`off`
 * and a family that always thinks win, as on the Anthropic side. Otherwise the client decides:
 * `reasoning_effort: "none"` → off, any other effort → on; else the template switch it set itself
 * (`chat_template_kwargs.enable_thinking`, the way vLLM users turn Qwen3 thinking off; MiniMax M3's
 * `thinking_mode: "enabled"`); else the
 * family's template default, which is what the model would do had the client called it directly.
 */
export function chatThinkingEnabled(setting: ChatThinkingSetting, request: ChatThinkingRequest): boolean {
  if (setting.alwaysThinks) return true;
  if (setting.thinking === "on") return true;
  if (setting.thinking === "off") return false;
  const effort = request.reasoning_effort;
  if (typeof effort === "string") return effort !== "none";
  const kwargs = request.chat_template_kwargs;
  if (typeof kwargs === "object" && kwargs !== null) {
    // The family's own switch first, then either common spelling (vLLM reads both for several families).
    for (const name of [setting.thinkingKwarg, "enable_thinking", "thinking"] as const) {
      if (name === undefined) continue;
      const value = readThinkingKwarg(name, (kwargs as Record<string, unknown>)[name]);
      if (value !== undefined) return value;
    }
  }
  return setting.thinksByDefault;
}
