import { describe, expect, it } from "vitest";
import { compileGlob, createModelRouter, type ModelConfig } from "../../src/config";

const model = (name: string, aliases: string[] = []): ModelConfig => ({
  name,
  aliases,
  thinking: "request",
  upstream: { baseUrls: ["demo"], model: name, reasoningField: "reasoning" },
});

describe("compileGlob", () => {
  it("matches * as any run and ? as one character, over the whole name", () => {
    const claude = compileGlob("claude-*");
    expect(claude("claude-sonnet-4-5-20250929")).toBe(true);
    expect(claude("claude-")).toBe(true);
    expect(claude("my-claude-x")).toBe(false);
    const version = compileGlob("gpt-?");
    expect(version("gpt-4")).toBe(true);
    expect(version("gpt-40")).toBe(false);
    expect(version("gpt-")).toBe(false);
    expect(compileGlob("*haiku*")("claude-haiku-4-5")).toBe(true);
  });

  it("treats regex syntax in a pattern literally", () => {
    expect(compileGlob("qwen3.5")("qwen3x5")).toBe(false);
    expect(compileGlob("qwen3.5")("qwen3.5")).toBe(true);
    expect(compileGlob("a+b")("aab")).toBe(false);
    expect(compileGlob("a+b")("a+b")).toBe(true);
    expect(compileGlob("(x|y)[z]{1}^$\\/-")("(x|y)[z]{1}^$\\/-")).toBe(true);
    expect(compileGlob(".*")("anything")).toBe(false);
  });

  it("counts ? as one code point, and * spans any character", () => {
    expect(compileGlob("a?b")("a😀b")).toBe(true);
    expect(compileGlob("a*b")("a\nb")).toBe(true);
  });
});

describe("createModelRouter", () => {
  const models = [
    model("qwen3.5", ["claude-*"]),
    model("haiku-small", ["claude-haiku-*"]),
    model("claude-opus-4"),
  ];

  it("prefers an exact name over any alias", () => {
    expect(createModelRouter(models)("claude-opus-4")?.name).toBe("claude-opus-4");
    expect(createModelRouter(models)("haiku-small")?.name).toBe("haiku-small");
  });

  it("otherwise takes the first model (in config order) whose alias matches", () => {
    expect(createModelRouter(models)("claude-sonnet-4-5-20250929")?.name).toBe("qwen3.5");
    expect(createModelRouter(models)("claude-haiku-4-5-20251001")?.name).toBe("qwen3.5");
    expect(createModelRouter([models[1]!, models[0]!])("claude-haiku-4-5-20251001")?.name).toBe(
      "haiku-small",
    );
  });

  it("returns undefined for an unknown name (the server answers 404 not_found_error)", () => {
    expect(createModelRouter(models)("gpt-4o")).toBeUndefined();
    expect(createModelRouter(models)("")).toBeUndefined();
    expect(createModelRouter(models)("__proto__")).toBeUndefined();
    expect(createModelRouter(models)("QWEN3.5")).toBeUndefined();
  });

  it("routes by the same rules through a router built once", () => {
    const router = createModelRouter(models);
    expect(router("claude-3-opus")?.name).toBe("qwen3.5");
    expect(router("qwen3.5")?.name).toBe("qwen3.5");
    expect(router("other")).toBeUndefined();
  });
});
