import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { JsonSchema } from "../json-schema";

/** A case of fixtures/reasoning-peer-cases.json (see fixtures/README.md). */
export interface ReasoningPeerCase {
  readonly id: string;
  readonly parser: string;
  readonly chunks: string[];
  readonly starts_in_reasoning: boolean;
  readonly expected: { readonly reasoning: string | null; readonly content: string | null };
  /**
   * What the peer asserts, where it asserts only part (`content_exact`, `reasoning_only`,
   * `reasoning_contains,content_exact`): the side it leaves out is `null` in `expected`, not an assertion.
   */
  readonly assert?: string;
}

/** A case of fixtures/tool-peer-cases.json (see fixtures/README.md). */
export interface ToolPeerCase {
  readonly id: string;
  readonly dialect: string;
  readonly chunks: string[];
  readonly tools: readonly {
    readonly type: string;
    readonly function: { readonly name: string; readonly parameters?: JsonSchema };
  }[];
  readonly expected: {
    readonly content: string | null;
    readonly calls: readonly { readonly name: string; readonly arguments: unknown }[];
  };
}

/** The repository's `fixtures/` folder: the peer cases live in the repository, so a fresh clone tests. */
export const PEER_FIXTURES_DIRECTORY = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "..",
  "fixtures",
);

/** Reads a peer fixture file from the repository's `fixtures/` folder. */
export function loadPeerCases<T>(fileName: string): T[] {
  return JSON.parse(readFileSync(join(PEER_FIXTURES_DIRECTORY, fileName), "utf8")) as T[];
}

/** A tool case's tools as the parsers see them: name → input schema. */
export function toolSchemasOf(testCase: ToolPeerCase): [string, JsonSchema][] {
  return testCase.tools.map((tool) => [tool.function.name, tool.function.parameters ?? {}]);
}
