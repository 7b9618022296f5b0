/** Who sent a request, as the console's list names it, read from its user agent. */
export interface ClientName {
  readonly client: string;
  readonly version?: string;
}

// The first product token of each known client's user agent, as they send it (claude-cli/2.1.332 (external,
// cli); codex_exec/0.171.0 (…); Anthropic/JS 1.14.0; OpenAI/JS 6.49.0; curl/8.5.0; …).
const KNOWN: readonly { readonly pattern: RegExp; readonly client: string }[] = [
  { pattern: /^claude-cli\/(\S+)/i, client: "Claude Code" },
  { pattern: /^claude-code\/(\S+)/i, client: "Claude Code" },
  { pattern: /^codex[_-][a-z_]+\/(\S+)/i, client: "Codex" },
  { pattern: /^anthropic\/[a-z]+ (\S+)/i, client: "Anthropic SDK" },
  { pattern: /^openai\/[a-z]+ (\S+)/i, client: "OpenAI SDK" },
  { pattern: /^ai-sdk\/(\S+)/i, client: "AI SDK" },
  { pattern: /^opencode\/(\S+)/i, client: "opencode" },
  { pattern: /^qwen-code\/(\S+)/i, client: "qwen-code" },
  { pattern: /^curl\/(\S+)/i, client: "curl" },
  { pattern: /^python-httpx\/(\S+)/i, client: "httpx" },
  { pattern: /^node(?:-fetch)?\/?(\S*)/i, client: "Node" },
  { pattern: /^undici\/?(\S*)/i, client: "Node" },
];

/**
 * `claude-cli/2.1.332 (external, cli)` → Claude Code 2.1.332; an unknown agent by its first product token.
 * `originator` (Codex sends `codex_exec`) names Codex when its user agent does not.
 */
export function clientFromUserAgent(userAgent: string | undefined, originator?: string): ClientName {
  const agent = userAgent?.trim() ?? "";
  if (originator?.startsWith("codex") === true && !/^codex/i.test(agent)) return { client: "Codex" };
  if (agent === "") return { client: "unknown" };
  for (const { pattern, client } of KNOWN) {
    const match = pattern.exec(agent);
    if (match !== null)
      return match[1] === undefined || match[1] === "" ? { client } : { client, version: match[1] };
  }
  const product = /^([^\s/]{1,40})(?:\/(\S{1,20}))?/.exec(agent);
  if (product === null) return { client: "unknown" };
  return product[2] === undefined
    ? { client: product[1] as string }
    : { client: product[1] as string, version: product[2] };
}
