import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createParserContext, createSegmenter, type ReasoningDialect, type ToolDialect } from "@sluice/core";
import {
  loadPeerCases,
  type ReasoningPeerCase,
  runConformance,
  type ToolPeerCase,
} from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { DIALECTS } from "../../src/config/dialect-registry";

// The contract every registered dialect keeps, whatever its family: presets pick only some of them, so this
// iterates DIALECTS itself, and a dialect the scaffold registered is held to it from its first commit.

const root = join(import.meta.dirname, "..", "..", "..", "..");
const registrySource = readFileSync(join(root, "apps/gateway/src/config/dialect-registry.ts"), "utf8");

/** Which factory made each DIALECTS entry, and which package it comes from, read from the registry's source. */
function factoriesOfRegistry(): { factory: string; packageName: string }[] {
  const packageOf = new Map<string, string>();
  for (const [, names, packageName] of registrySource.matchAll(/^import \{([^}]+)\} from "([^"]+)";$/gm)) {
    for (const name of names!.split(",")) packageOf.set(name.trim(), packageName!);
  }
  const list = registrySource.slice(registrySource.indexOf("export const DIALECTS"));
  const body = list.slice(list.indexOf("= [") + 3, list.indexOf("\n];"));
  return [...body.matchAll(/^\s*(\w+)\(\),?$/gm)].map(([, factory]) => ({
    factory: factory!,
    packageName: packageOf.get(factory!) ?? "",
  }));
}

const factories = factoriesOfRegistry();
const entries = DIALECTS.map((dialect, index) => ({ dialect, ...factories[index]! }));

/** Every test file of the dialect packages, by package folder. */
const testFiles = readdirSync(join(root, "packages")).flatMap((folder) => {
  const directory = join(root, "packages", folder, "test");
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith(".test.ts"));
  } catch {
    return [];
  }
  return names.map((name) => ({ folder, name, text: readFileSync(join(directory, name), "utf8") }));
});

const toolFixtureNames = new Set(loadPeerCases<ToolPeerCase>("tool-peer-cases.json").map((c) => c.dialect));
const reasoningFixtureNames = new Set(
  loadPeerCases<ReasoningPeerCase>("reasoning-peer-cases.json").map((c) => c.parser),
);

describe("the registry as read here", () => {
  // The checks below name dialects by factory and package; a registry this reading misses would skip them.
  it("has one factory call, imported from a package, per DIALECTS entry", () => {
    expect(factories).toHaveLength(DIALECTS.length);
    for (const { factory, packageName, dialect } of entries) {
      expect(packageName, factory).toMatch(/^@sluice\//);
      expect(factory.endsWith(dialect.kind === "tool" ? "ToolDialect" : "ReasoningDialect"), factory).toBe(
        true,
      );
    }
  });
});

describe("names in the registry", () => {
  // A config names a dialect per kind (`reasoning_parser`, `tool_parser`), so a name may mean one reasoning
  // and one tool dialect (`minimax_m3` is both; `glm45` is a tool id and qwen3's alias), never two of a kind.
  it.each(["reasoning", "tool"] as const)("each %s name (id or alias) means one dialect", (kind) => {
    const names = DIALECTS.filter((dialect) => dialect.kind === kind).flatMap((dialect) => [
      dialect.id,
      ...dialect.aliases,
    ]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("ids are config names: lower case, digits and underscores", () => {
    expect(DIALECTS.map((dialect) => dialect.id).filter((id) => !/^[a-z][a-z0-9_]*$/.test(id))).toEqual([]);
  });
});

describe("docs/dialects.md describes every registered dialect", () => {
  // The generated table lists every dialect by itself, so it proves nothing: the prose outside it must.
  const docs = readFileSync(join(root, "docs/dialects.md"), "utf8").replace(
    /<!-- generated:(\w+) -->[\s\S]*?<!-- \/generated:\1 -->/g,
    "",
  );
  const reasoningSection = docs.slice(docs.indexOf("## 1. Reasoning dialects"), docs.indexOf("## 2. "));
  const headings = docs.split("\n").filter((line) => line.startsWith("### "));

  it.each(DIALECTS.filter((dialect) => dialect.kind === "reasoning").map((dialect) => dialect.id))(
    "reasoning dialect %s is named in §1",
    (id) => {
      expect(reasoningSection).toContain(`\`${id}\``);
    },
  );

  it.each(DIALECTS.filter((dialect) => dialect.kind === "tool").map((dialect) => dialect.id))(
    "tool dialect %s has a section of its own",
    (id) => {
      expect(headings.filter((heading) => heading.includes(`\`${id}\``))).not.toEqual([]);
    },
  );
});

describe("every registered dialect is tested in its package", () => {
  it.each(entries.map((entry) => [`${entry.dialect.kind} ${entry.dialect.id}`, entry] as const))(
    "%s: its peer cases run through the conformance kit, or its own package tests it",
    (_, { dialect, factory, packageName }) => {
      // A test file that reads the peer fixtures (through a runner of the kit or runConformance) with it.
      const runsPeerCases = testFiles.some(
        ({ text }) =>
          /\b(run(Tool|Reasoning)PeerCases|loadPeerCases)\b/.test(text) &&
          new RegExp(`\\b${factory}\\b`).test(text),
      );
      const ownTests = testFiles.filter(
        ({ folder, text }) =>
          `@sluice/${folder}` === packageName && new RegExp(`\\b${factory}\\b`).test(text),
      );
      expect(runsPeerCases || ownTests.length > 0).toBe(true);
      // Where fixtures/ holds the peers' cases for one of its names, they must run: own tests do not stand in.
      const fixtureNames = dialect.kind === "tool" ? toolFixtureNames : reasoningFixtureNames;
      if ([dialect.id, ...dialect.aliases].some((name) => fixtureNames.has(name)))
        expect(runsPeerCases).toBe(true);
    },
  );
});

interface GenericStream {
  readonly id: string;
  readonly chunks: readonly string[];
}

/** Streams any dialect must pass through as they came. The kit replays each also one character per chunk. */
function genericStreams(dialect: ReasoningDialect | ToolDialect): GenericStream[] {
  return [
    {
      id: "plain text",
      chunks: ["Plain text, no markup at all.\n", "A second line: a < b, [x] | {y}; done."],
    },
    { id: "text beyond ASCII", chunks: ["Ünïcödé 😀 and 中文, ", "a tab\tand a CRLF\r\n", "end"] },
    { id: "an empty stream", chunks: [] },
    { id: "one empty chunk", chunks: [""] },
    // A marker's proper prefix at the very end is held back in case the marker completes; the end must
    // flush it as text, and nothing else may have become markup.
    ...dialect.markers.map((marker, index) => ({
      id: `text ending in the first ${marker.length - 1} characters of marker ${index} (${marker})`,
      chunks: ["Text, then ", marker.slice(0, -1)],
    })),
  ];
}

function segmenterOf(dialect: ReasoningDialect | ToolDialect, thinking: boolean) {
  return (_: GenericStream, sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
    createSegmenter({
      ...(dialect.kind === "tool" ? { tool: dialect } : { reasoning: dialect }),
      context: createParserContext({ thinking, tools: [] }),
      sink,
    });
}

for (const dialect of DIALECTS) {
  const thinkingSettings = dialect.kind === "reasoning" ? [false, true] : [false];
  for (const thinking of thinkingSettings) {
    runConformance<GenericStream>({
      suite: `${dialect.kind} ${dialect.id} on generic streams${dialect.kind === "reasoning" ? `, thinking ${thinking ? "on" : "off"}` : ""}`,
      cases: genericStreams(dialect),
      randomSplits: 2,
      createParser: segmenterOf(dialect, thinking),
      // The kit has checked the invariants and that reasoning + text + markup is the input in every chunking.
      check: (testCase, summary) => {
        const input = testCase.chunks.join("");
        expect(summary.calls).toEqual([]);
        expect(summary.markup).toBe("");
        expect(summary.warnings).toEqual([]);
        // No plain text lost or moved: all of it is the answer, unless the stream starts in reasoning.
        const startsInReasoning = dialect.kind === "reasoning" && (thinking || dialect.alwaysThinks);
        if (!startsInReasoning) expect(summary.content ?? "").toBe(input);
        else expect((summary.reasoning ?? "") + (summary.content ?? "")).toBe(input);
      },
    });
  }
}
