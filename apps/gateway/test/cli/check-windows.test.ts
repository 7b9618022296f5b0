import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCommand } from "../../src/cli/check-command";
import { formatSummary } from "../../src/cli/format-summary";
import { parseConfig } from "../../src/config/parse-config";
import { type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { modelYaml } from "../server/test-gateway";
import { type WindowReport, windowScript } from "../server/window-upstream";

/** `sluice check` and the start summary print each model's context window (docs/config.md §2). */

const upstreams: ScriptedUpstream[] = [];
let directory: string;

const start = async (window: number, reports: WindowReport): Promise<string> => {
  const upstream = await startScriptedUpstream(
    windowScript({ model: "m", window, reports, tokenize: false }),
  );
  upstreams.push(upstream);
  return upstream.baseUrl;
};

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "sluice-windows-"));
});

afterAll(async () => {
  for (const upstream of upstreams) await upstream.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A model entry whose upstream model is `m`, as the scripted servers serve. */
const entry = (name: string, baseUrl: string, keys: Record<string, string> = {}) =>
  modelYaml(name, baseUrl, { model: keys }).replace(`model: ${name}\n`, "model: m\n");

describe("sluice check: context windows", () => {
  it("prints each model's window and where it comes from, or that the server did not say", async () => {
    const vllm = await start(65_536, "models");
    const llamaCpp = await start(16_384, "props");
    const ollama = await start(8192, "ollama");
    const silent = await start(65_536, "nothing");
    const big = await start(131_072, "models");
    const path = join(directory, "check.yaml");
    writeFileSync(
      path,
      `models:\n${[
        entry("vllm", vllm),
        entry("llama", llamaCpp),
        entry("ollama", ollama),
        entry("silent", silent),
        entry("pinned", silent, { context_window: "32768" }),
        "  - name: replicas\n    upstream:\n" +
          `      base_url: ["${big}", "${vllm}", "${silent}"]\n      model: m`,
        modelYaml("demo-model", "demo"),
      ].join("\n")}\n`,
    );
    const written: string[] = [];
    expect(
      await checkCommand({ command: "check", configPath: path, strict: false }, (text) => written.push(text)),
    ).toBe(0);
    const lines = written.join("").split("\n");
    const windows = lines.slice(lines.indexOf("Context windows (max_tokens is fitted into them):") + 1);
    expect(windows.slice(0, 7)).toEqual([
      "  vllm: 65536 tokens (max_model_len in /v1/models)",
      "  llama: 16384 tokens (n_ctx in /props)",
      "  ollama: 8192 tokens (num_ctx in /api/show)",
      "  silent: unknown (server did not say)",
      "  pinned: 32768 tokens (context_window in the config)",
      "  replicas: 65536 tokens (max_model_len in /v1/models, the smallest that 2 of 3 replicas report)",
      "  demo-model: 65536 tokens (the built-in demo)",
    ]);
  });
});

describe("the start summary", () => {
  it("prints one window line per model when the windows are given", () => {
    const config = parseConfig(
      `models:\n${modelYaml("a", "demo")}\n${modelYaml("b", "http://127.0.0.1:8000/v1")}\n`,
      {},
    );
    const summary = formatSummary(config, {
      configPath: "sluice.yaml",
      clientOrigin: "http://127.0.0.1:8080",
      windows: new Map([
        ["a", { tokens: 65_536, source: "the built-in demo" }],
        ["b", undefined],
      ]),
    });
    expect(summary).toContain("  window   a: 65536 tokens (the built-in demo)\n");
    expect(summary).toContain("  window   b: unknown (server did not say)\n");
  });
});
