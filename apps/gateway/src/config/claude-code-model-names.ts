/**
 * Model names Claude Code asks for, as samples of each kind (docs/config.md, "Routing Claude Code"): what a
 * config must route for it to work without client settings, and what `sluice code` routes to pick models.
 */
export const CLAUDE_CODE_MODEL_NAMES = {
  /** Its main model: what `/model` picks (2.1.332 asks for claude-opus-5-5 by default; older names too). */
  main: ["claude-opus-5-5", "claude-opus-4-5", "claude-sonnet-4-5-20250929"],
  /** Its small fast model for background work (titles, summaries, command checks): 2.x, then older versions. */
  background: ["claude-haiku-4-5-20251001", "claude-3-5-haiku-20241022"],
  /** What `/model` (and a subagent) asks for as opus, and as sonnet. */
  opus: "claude-opus-5-5",
  sonnet: "claude-sonnet-4-5-20250929",
} as const;
