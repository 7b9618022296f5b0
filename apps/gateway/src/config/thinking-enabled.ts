import type { ModelConfig } from "./config";
import { findPreset } from "./presets";

/** The part of a Messages request that decides thinking. */
export interface ThinkingRequest {
  readonly thinking?: { readonly type?: string } | null | undefined;
}

/**
 * Whether this request runs with thinking on. `request` follows the client (`enabled` or
 * `adaptive` → on; `disabled` or absent → off); `on` / `off` override it; a preset whose model
 * always thinks (deepseek-r1) is on whatever the config or client says.
 */
export function thinkingEnabled(
  model: Pick<ModelConfig, "preset" | "thinking">,
  request: ThinkingRequest,
): boolean {
  if (findPreset(model.preset)?.alwaysThinks === true) return true;
  if (model.thinking === "on") return true;
  if (model.thinking === "off") return false;
  const type = request.thinking?.type;
  return type === "enabled" || type === "adaptive";
}
