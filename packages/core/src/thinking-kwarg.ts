import type { ThinkingKwarg } from "./dialect";

/** The value a switch is sent with: a boolean, except MiniMax M3's `thinking_mode`, which is a word. */
export function thinkingKwargValue(kwarg: ThinkingKwarg, thinking: boolean): boolean | string {
  if (kwarg === "thinking_mode") return thinking ? "enabled" : "disabled";
  return thinking;
}

/** What a switch's value a client sent says: on, off, or nothing (not a value of that switch). */
export function readThinkingKwarg(kwarg: ThinkingKwarg, value: unknown): boolean | undefined {
  if (kwarg === "thinking_mode") return value === "enabled" ? true : value === "disabled" ? false : undefined;
  return typeof value === "boolean" ? value : undefined;
}
