// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is the config syntax under test.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, createModelRouter, loadConfig, resolveModelPlan } from "../../src/config";

const ROOT_CONFIG = new URL("../../../../sluice.yaml", import.meta.url).pathname;
const directory = mkdtempSync(join(tmpdir(), "sluice-config-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("loadConfig", () => {
  it("loads the root sluice.yaml: one demo qwen3.5 model that takes every claude-* name", () => {
    const config = loadConfig(ROOT_CONFIG, {});
    expect(config.server).toMatchObject({ host: "127.0.0.1", port: 8080, apiKeys: [] });
    expect(config.models).toHaveLength(1);
    expect(config.models[0]).toMatchObject({
      name: "qwen3.5",
      aliases: ["claude-*"],
      preset: "qwen3.5",
      upstream: { baseUrls: ["demo"], model: "qwen3.5" },
    });
    expect(createModelRouter(config.models)("claude-sonnet-4-5-20250929")?.name).toBe("qwen3.5");
    expect(resolveModelPlan(config.models[0]!)).toMatchObject({
      presetName: "qwen3.5",
      thinkingKwarg: "enable_thinking",
      reasoning: { id: "qwen3" },
      tool: { id: "qwen_xml" },
    });
  });

  it("reads a file, expanding ${VAR} from the given environment", () => {
    const path = join(directory, "vllm.yaml");
    writeFileSync(
      path,
      "models:\n  - name: m\n    upstream:\n      base_url: http://127.0.0.1:8000/v1\n      api_key: ${VLLM_API_KEY}\n",
    );
    expect(loadConfig(path, { VLLM_API_KEY: "sk-test" }).models[0]?.upstream.apiKey).toBe("sk-test");
  });

  it("names the file in a ConfigError", () => {
    const path = join(directory, "bad.yaml");
    writeFileSync(path, "models: []\n");
    expect(() => loadConfig(path, {})).toThrow(
      `Invalid config ${path}:\n  - models: Expected at least one model`,
    );
  });

  it("turns a missing file into a ConfigError", () => {
    const path = join(directory, "missing.yaml");
    expect(() => loadConfig(path, {})).toThrow(ConfigError);
    expect(() => loadConfig(path, {})).toThrow(/Cannot read the file: ENOENT/);
  });
});
