import type { ThinkingPolicy } from "./config";

/** The part of a Messages request that decides thinking. */
export interface ThinkingRequest {
  readonly thinking?: { readonly type?: string } | null | undefined;
}

/** The model's side of the decision: its `thinking` policy and whether its family always thinks. */
export interface ThinkingSetting {
  readonly thinking: ThinkingPolicy;
  /** From the model's reasoning dialect (deepseek_r1). */
  readonly alwaysThinks: boolean;
}

/**
 * Whether this request runs with thinking on. `request` follows the client (`enabled` or
 * `adaptive` → on; `disabled` or absent → off); `on` / `off` override it; a family that always
 * thinks (deepseek-r1) is on whatever the config or client says.
 */
export function thinkingEnabled(setting: ThinkingSetting, request: ThinkingRequest): boolean {
  if (setting.alwaysThinks) return true;
  if (setting.thinking === "on") return true;
  if (setting.thinking === "off") return false;
  const type = request.thinking?.type;
  return type === "enabled" || type === "adaptive";
}
