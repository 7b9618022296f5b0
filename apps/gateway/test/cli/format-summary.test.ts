import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clientOriginOf } from "../../src/cli/client-origin-of";
import { formatSummary } from "../../src/cli/format-summary";
import { parseConfig } from "../../src/config/parse-config";

const CONFIG = `
server:
  api_keys: [gateway-secret-1]
models:
  - name: qwen3.5
    aliases: ["claude-*"]
    preset: qwen3.5
    tool_parser: hermes
    upstream:
      base_url: demo
  - name: big
    aliases: ["big-*", "huge"]
    upstream:
      base_url: http://10.0.0.5:8000/v1
      model: Qwen/Qwen3.5-122B-A10B
      api_key: upstream-secret
  - name: raw
    reasoning_parser: deepseek_r1
    upstream:
      base_url: http://127.0.0.1:8001
`;

describe("formatSummary", () => {
  const config = parseConfig(CONFIG, { SLUICE_API_KEYS: "env-secret-2" });
  const summary = formatSummary(config, { configPath: "sluice.yaml", clientOrigin: "http://127.0.0.1:8080" });
  const lines = summary.split("\n");

  it("lists each model with its upstream, parsers and aliases", () => {
    expect(lines).toContain(
      "  model    qwen3.5 → built-in demo · preset qwen3.5 (reasoning qwen3, tools hermes) · aliases claude-*",
    );
    expect(lines).toContain(
      "  model    big → http://10.0.0.5:8000/v1 as Qwen/Qwen3.5-122B-A10B · no parsers (the server parses itself) · aliases big-*, huge",
    );
    expect(lines).toContain(
      "  model    raw → http://127.0.0.1:8001 · reasoning deepseek_r1, tools none · no aliases",
    );
  });

  it("says auth is on and how many keys, prints the warnings and the Claude Code line, never a secret", () => {
    expect(lines).toContain("  auth     on (2 keys from server.api_keys / SLUICE_API_KEYS)");
    expect(lines.some((line) => line.startsWith("  warning  models.2.upstream.base_url:"))).toBe(true);
    expect(lines).toContain("Point Claude Code at it (KEY: one of the 2 API keys):");
    expect(lines).toContain(
      "  ANTHROPIC_BASE_URL=http://127.0.0.1:8080 ANTHROPIC_AUTH_TOKEN=KEY CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 claude",
    );
    expect(lines).toContain("OpenAI clients (Codex CLI, the OpenAI SDKs): base URL http://127.0.0.1:8080/v1");
    for (const secret of ["gateway-secret-1", "env-secret-2", "upstream-secret"]) {
      expect(summary).not.toContain(secret);
    }
  });

  it("suggests any token when auth is off", () => {
    const open = parseConfig("models:\n  - name: m\n    upstream:\n      base_url: demo\n", {});
    const text = formatSummary(open, { configPath: "x.yaml", clientOrigin: "http://[::1]:9000" });
    expect(text).toContain("  auth     off (any token is accepted)\n");
    expect(text).toContain(
      "  ANTHROPIC_BASE_URL=http://[::1]:9000 ANTHROPIC_AUTH_TOKEN=sluice CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 claude\n",
    );
  });

  it("prints the README's line for Claude Code, for the default config", () => {
    const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
    // The README's "By hand:" block, its shell continuation joined.
    const block = /By hand:\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const readmeLine = block.replace(/ \\\n/g, " ").trim();
    const config = parseConfig(readFileSync(new URL("../../../../sluice.yaml", import.meta.url), "utf8"), {});
    const text = formatSummary(config, { configPath: "sluice.yaml", clientOrigin: "http://127.0.0.1:8080" });
    expect(readmeLine).toMatch(/^ANTHROPIC_BASE_URL=/);
    expect(text.split("\n")).toContain(`  ${readmeLine}`);
  });

  it("points a client at loopback when the gateway listens on every address", () => {
    expect(clientOriginOf({ host: "0.0.0.0", port: 8080 })).toBe("http://127.0.0.1:8080");
    expect(clientOriginOf({ host: "::", port: 8080 })).toBe("http://[::1]:8080");
    expect(clientOriginOf({ host: "192.168.1.2", port: 80 })).toBe("http://192.168.1.2:80");
  });
});
