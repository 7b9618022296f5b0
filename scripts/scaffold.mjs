// Makes a new dialect package that builds, lints and passes the conformance kit from the start:
//
//   node scripts/scaffold.mjs tool glm45 "GLM-4.5/4.6: <tool_call>NAME<arg_key>…</tool_call>"
//   node scripts/scaffold.mjs reasoning my_think "Models that write <think>…</think>"
//
// It writes packages/{tool,reasoning}-NAME (descriptor, a parser that keeps every character as text,
// a conformance test over the peer cases fixtures/ holds for NAME, each skipped as "not parsed yet"
// until the parser handles it), adds the package to the gateway's dependencies and its factory to DIALECTS
// in apps/gateway/src/config/dialect-registry.ts (scripts/register-dialect.mjs, sorted as biome wants).
// Then: `pnpm install`, `pnpm docs:tables`, its section in docs/dialects.md, and a preset row in
// apps/gateway/src/config/presets.ts for a new family.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withDialectRegistered, withGatewayDependency } from "./register-dialect.mjs";

const [kind, name, description] = process.argv.slice(2);
if ((kind !== "tool" && kind !== "reasoning") || !/^[a-z][a-z0-9_]*$/.test(name ?? "") || !description) {
  console.error('usage: node scripts/scaffold.mjs tool|reasoning NAME "what it parses"');
  process.exit(2);
}
const root = join(import.meta.dirname, "..");
const folder = `${kind}-${name.replaceAll("_", "-")}`;
const directory = join(root, "packages", folder);
if (existsSync(directory)) {
  console.error(`packages/${folder} exists already`);
  process.exit(1);
}
const packageName = `@sluice/${folder}`;
// glm45 → Glm45, deepseek_v31 → DeepseekV31: the names of the exports.
const pascal = name
  .split("_")
  .map((part) => part[0].toUpperCase() + part.slice(1))
  .join("");
const camel = pascal[0].toLowerCase() + pascal.slice(1);
const kindName = kind === "tool" ? "Tool" : "Reasoning";
const factory = `${camel}${kindName}Dialect`;
const fileBase = `${name.replaceAll("_", "-")}-${kind}`;

const write = (path, text) => {
  mkdirSync(join(directory, path, ".."), { recursive: true });
  writeFileSync(join(directory, path), text);
};

write(
  "package.json",
  `${JSON.stringify(
    {
      name: packageName,
      version: "0.1.0",
      private: true,
      description: `The ${name} ${kind}${kind === "tool" ? "-call" : ""} dialect: ${description}`,
      type: "module",
      exports: { ".": "./src/index.ts" },
      scripts: {
        test: "vitest run --passWithNoTests --testTimeout=60000 --reporter=default --reporter=json --outputFile.json=.vitest-results.json",
        typecheck: "tsc -p tsconfig.json",
        lint: "biome check .",
      },
      dependencies:
        kind === "tool"
          ? { "@sluice/core": "workspace:*", "@sluice/tool-kit": "workspace:*" }
          : { "@sluice/core": "workspace:*" },
    },
    null,
    2,
  )}\n`,
);
// Exactly as biome formats it, so `biome check .` passes on the new package.
write("tsconfig.json", '{\n  "extends": "../../tsconfig.base.json",\n  "include": ["src", "test"]\n}\n');
write("src/index.ts", `export { ${factory} } from "./${fileBase}-dialect";\n`);

if (kind === "tool") {
  write(
    `src/${fileBase}-dialect.ts`,
    `import type { ToolDialect } from "@sluice/core";
import { ${pascal}ToolParser } from "./${fileBase}-parser";

/** \`${name}\`: ${description.replaceAll("`", "'")} */
export function ${factory}(): ToolDialect {
  return {
    kind: "tool",
    id: "${name}",
    // The peers' names for this format (vLLM's \`--tool-call-parser\` name), accepted in a config too.
    aliases: [],
    description: ${JSON.stringify(description)},
    markers: [],
    createParser: (context, sink) => new ${pascal}ToolParser(context, sink),
  };
}
`,
  );
  write(
    `src/${fileBase}-parser.ts`,
    `import type { SegmentSink, ToolParser, ToolParserContext } from "@sluice/core";

/**
 * The \`${name}\` parser. Start: every character is text. Next: a MarkerLexer over the dialect's markers
 * (see packages/tool-qwen-xml), calls as \`tool-call-start\` / \`-delta\` / \`-end\` with their source as
 * \`markup\`, values through @sluice/tool-kit's createParameterValue (strings stream live).
 */
export class ${pascal}ToolParser implements ToolParser {
  constructor(
    readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
  ) {}

  push(text: string): void {
    if (text.length > 0) this.sink({ type: "text", text });
  }

  end(): void {}
}
`,
  );
} else {
  write(
    `src/${fileBase}-dialect.ts`,
    `import { type ReasoningDialect, ThinkTagParser } from "@sluice/core";

/** \`${name}\`: ${description.replaceAll("`", "'")} */
export function ${factory}(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "${name}",
    aliases: [],
    description: ${JSON.stringify(description)},
    markers: ["<think>", "</think>"],
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) =>
      new ThinkTagParser(
        { startsInReasoning: (parserContext) => parserContext.thinking, thinkInContent: "before-content" },
        context,
        sink,
      ),
  };
}
`,
  );
}

// The peer cases fixtures/ holds for this name, each skipped until the parser handles it.
const fixture = kind === "tool" ? "tool-peer-cases.json" : "reasoning-peer-cases.json";
const field = kind === "tool" ? "dialect" : "parser";
const cases = JSON.parse(readFileSync(join(root, "fixtures", fixture), "utf8")).filter(
  (testCase) => testCase[field] === name,
);
const skip = cases.map((testCase) => `    ${JSON.stringify(testCase.id)}: "not parsed yet",\n`).join("");
const runner = kind === "tool" ? "runToolPeerCases" : "runReasoningPeerCases";
write(
  "test/peer-cases.test.ts",
  `import { ${runner}, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { ${factory} } from "../src";

// The peer cases of fixtures/ for "${name}" (${cases.length} today): remove a skip once the parser handles the case.
${runner}({
  dialect: ${factory},
  ${kind === "tool" ? "dialects" : "parsers"}: (name) => name === "${name}",
  skip: {
${skip}  },
});

describe("${name}", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ ${kind}: ${factory}() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });
});
`,
);

// The gateway imports every dialect of its registry, and runs each one DIALECTS lists.
const gatewayPackage = join(root, "apps", "gateway", "package.json");
writeFileSync(gatewayPackage, withGatewayDependency(readFileSync(gatewayPackage, "utf8"), packageName));
const registryFile = join(root, "apps", "gateway", "src", "config", "dialect-registry.ts");
writeFileSync(
  registryFile,
  withDialectRegistered(readFileSync(registryFile, "utf8"), { packageName, factory, kind }),
);

// Formatted as the rest of the repository is, so `biome check .` passes on the new package as it stands.
execFileSync(join(root, "node_modules", ".bin", "biome"), ["check", "--write", directory], {
  stdio: "ignore",
});

console.log(`made packages/${folder} (${cases.length} peer cases, each skipped until parsed), registered ${factory}()
in apps/gateway/src/config/dialect-registry.ts and the gateway's dependencies. Next:
  pnpm install
  pnpm docs:tables, and a section for "${name}" in docs/dialects.md
  a preset row in apps/gateway/src/config/presets.ts for a new family`);
