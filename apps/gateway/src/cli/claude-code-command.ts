/** Stands for one of the keys, which are never printed; plain letters, so a pasted line still parses. */
export const KEY_PLACEHOLDER = "KEY";

/**
 * The line that points Claude Code at the gateway, the README's. ANTHROPIC_AUTH_TOKEN, not
 * ANTHROPIC_API_KEY: for an API key, interactive Claude Code asks "use this key?" defaulting to No, then
 * says "Not logged in". CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC keeps it from calling Anthropic's own
 * servers for telemetry and updates, as `sluice code` does.
 */
export function claudeCodeCommand(origin: string, keyCount: number): string {
  const token = keyCount === 0 ? "sluice" : KEY_PLACEHOLDER;
  return `ANTHROPIC_BASE_URL=${origin} ANTHROPIC_AUTH_TOKEN=${token} CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 claude`;
}
