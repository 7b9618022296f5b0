// Anthropic tool ids must match ^[a-zA-Z0-9_-]+$ (Kimi sends `functions.Bash:0`).
const INVALID_ID_CHARACTERS = /[^a-zA-Z0-9_-]/g;

/** An upstream id with every character outside `[a-zA-Z0-9_-]` replaced by `_`. */
export function sanitizeToolId(upstreamId: string): string {
  return upstreamId.replace(INVALID_ID_CHARACTERS, "_");
}

/**
 * The tool ids of one message: valid and unique. An upstream id is kept (sanitised) unless it is
 * empty or already used (vLLM's qwen3_xml repeats ids; Kimi's are not unique), then one is minted.
 */
export class ToolIdRegistry {
  // Ids come from the wire: a Set, so `__proto__` and `constructor` are ordinary ids.
  private readonly used = new Set<string>();
  // Where the suffix search resumes per minted base, so a minter that repeats itself stays linear.
  private readonly nextSuffix = new Map<string, number>();

  constructor(private readonly mint: () => string) {}

  assign(upstreamId: string | undefined): string {
    if (upstreamId) {
      const sanitized = sanitizeToolId(upstreamId);
      if (!this.used.has(sanitized)) return this.use(sanitized);
    }
    const minted = sanitizeToolId(this.mint()) || "toolu_";
    // An injected minter, or an upstream that reused a minted id, can collide: suffix until unique.
    if (!this.used.has(minted)) return this.use(minted);
    let suffix = this.nextSuffix.get(minted) ?? 1;
    let id = `${minted}_${suffix++}`;
    while (this.used.has(id)) id = `${minted}_${suffix++}`;
    this.nextSuffix.set(minted, suffix);
    return this.use(id);
  }

  private use(id: string): string {
    this.used.add(id);
    return id;
  }
}
