import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withDialectRegistered, withGatewayDependency } from "../../../../scripts/register-dialect.mjs";

const root = join(import.meta.dirname, "..", "..", "..", "..");
const registryPath = "apps/gateway/src/config/dialect-registry.ts";
const registry = readFileSync(join(root, registryPath), "utf8");

/** What `biome check --write` makes of `text` as the registry file: the text itself when it already passes. */
function asBiomeWrites(text: string): string {
  return execFileSync(
    join(root, "node_modules", ".bin", "biome"),
    ["check", "--write", `--stdin-file-path=${registryPath}`],
    { cwd: root, input: text, encoding: "utf8" },
  );
}

const SMALL = `import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { hermesToolDialect } from "@sluice/tool-hermes";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";

export const DIALECTS: readonly (ReasoningDialect | ToolDialect)[] = [
  qwen3ReasoningDialect(),
  qwenXmlToolDialect(),
  hermesToolDialect(),
];
`;

describe("the scaffold registers a dialect in dialect-registry.ts", () => {
  it("imports a tool dialect in sorted place and lists it after the last tool dialect", () => {
    const text = withDialectRegistered(SMALL, {
      packageName: "@sluice/tool-kimi-k3",
      factory: "kimiK3ToolDialect",
      kind: "tool",
    });
    expect(text).toBe(`import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { hermesToolDialect } from "@sluice/tool-hermes";
import { kimiK3ToolDialect } from "@sluice/tool-kimi-k3";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";

export const DIALECTS: readonly (ReasoningDialect | ToolDialect)[] = [
  qwen3ReasoningDialect(),
  qwenXmlToolDialect(),
  hermesToolDialect(),
  kimiK3ToolDialect(),
];
`);
  });

  it("lists a reasoning dialect after the last reasoning dialect, before the tool dialects", () => {
    const text = withDialectRegistered(SMALL, {
      packageName: "@sluice/reasoning-seed-oss",
      factory: "seedOssReasoningDialect",
      kind: "reasoning",
    });
    expect(text).toBe(`import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { seedOssReasoningDialect } from "@sluice/reasoning-seed-oss";
import { hermesToolDialect } from "@sluice/tool-hermes";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";

export const DIALECTS: readonly (ReasoningDialect | ToolDialect)[] = [
  qwen3ReasoningDialect(),
  seedOssReasoningDialect(),
  qwenXmlToolDialect(),
  hermesToolDialect(),
];
`);
  });

  it("puts an import that sorts last after the last import", () => {
    const text = withDialectRegistered(SMALL, {
      packageName: "@sluice/tool-step3p5",
      factory: "step3p5ToolDialect",
      kind: "tool",
    });
    expect(text.split("\n").slice(3, 6)).toEqual([
      'import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";',
      'import { step3p5ToolDialect } from "@sluice/tool-step3p5";',
      "",
    ]);
  });

  it("leaves a registry that imports the package already as it is", () => {
    const options = {
      packageName: "@sluice/tool-hermes",
      factory: "hermesToolDialect",
      kind: "tool",
    } as const;
    expect(withDialectRegistered(SMALL, options)).toBe(SMALL);
  });

  it("refuses a factory whose name is not of its kind", () => {
    expect(() =>
      withDialectRegistered(SMALL, {
        packageName: "@sluice/tool-x",
        factory: "xReasoningDialect",
        kind: "tool",
      }),
    ).toThrow(/not a tool dialect/);
  });

  // The real registry, through biome itself: the edit is one biome has nothing to fix in (import order
  // included), wherever the new name sorts among the present ones.
  it.each([
    ["@sluice/reasoning-aaa", "aaaReasoningDialect", "reasoning"],
    ["@sluice/reasoning-gpt-oss", "gptOssReasoningDialect", "reasoning"],
    ["@sluice/reasoning-zzz", "zzzReasoningDialect", "reasoning"],
    ["@sluice/tool-deepseek-v4", "deepseekV4ToolDialect", "tool"],
    ["@sluice/tool-glm5", "glm5ToolDialect", "tool"],
    ["@sluice/tool-gemma4", "gemma4ToolDialect", "tool"],
    ["@sluice/tool-zzz", "zzzToolDialect", "tool"],
  ] as const)("%s lands where biome puts it in the real registry", (packageName, factory, kind) => {
    const text = withDialectRegistered(registry, { packageName, factory, kind });
    expect(text).toContain(`import { ${factory} } from "${packageName}";\n`);
    expect(text).toContain(`  ${factory}(),\n`);
    expect(asBiomeWrites(text)).toBe(text);
  });
});

describe("the scaffold adds the package to the gateway's dependencies", () => {
  it("sorted among the others, the rest of package.json as it was", () => {
    const before = `${JSON.stringify({ name: "g", dependencies: { "@sluice/core": "workspace:*", effect: "3" }, x: 1 }, null, 2)}\n`;
    expect(withGatewayDependency(before, "@sluice/tool-gemma4")).toBe(
      `${JSON.stringify(
        {
          name: "g",
          dependencies: { "@sluice/core": "workspace:*", "@sluice/tool-gemma4": "workspace:*", effect: "3" },
          x: 1,
        },
        null,
        2,
      )}\n`,
    );
  });

  it("writes the real package.json back unchanged when the package is there already", () => {
    const text = readFileSync(join(root, "apps/gateway/package.json"), "utf8");
    expect(withGatewayDependency(text, "@sluice/tool-hermes")).toBe(text);
  });
});
