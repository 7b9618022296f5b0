import { describe, expect, it } from "vitest";
import { clientFromUserAgent } from "../../src/console/client-from-user-agent";

describe("clientFromUserAgent", () => {
  it.each([
    ["claude-cli/2.1.332 (external, cli)", undefined, { client: "Claude Code", version: "2.1.332" }],
    ["codex_exec/0.171.0 (Debian 12; x86_64) xterm", undefined, { client: "Codex", version: "0.171.0" }],
    ["reqwest/0.12", "codex_exec", { client: "Codex" }],
    ["Anthropic/JS 1.14.0", undefined, { client: "Anthropic SDK", version: "1.14.0" }],
    ["OpenAI/Python 1.99.0", undefined, { client: "OpenAI SDK", version: "1.99.0" }],
    ["curl/8.5.0", undefined, { client: "curl", version: "8.5.0" }],
    ["my-agent/3.1 (linux)", undefined, { client: "my-agent", version: "3.1" }],
    ["", undefined, { client: "unknown" }],
    [undefined, undefined, { client: "unknown" }],
  ])("%s → %o", (agent, originator, expected) => {
    expect(clientFromUserAgent(agent, originator)).toEqual(expected);
  });
});
