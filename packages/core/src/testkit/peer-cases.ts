import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { JsonSchema } from "../json-schema";

/** A case of ../shared/fixtures/reasoning-peer-cases.json (see its README). */
export interface ReasoningPeerCase {
  readonly id: string;
  readonly parser: string;
  readonly chunks: string[];
  readonly starts_in_reasoning: boolean;
  readonly expected: { readonly reasoning: string | null; readonly content: string | null };
}

/** A case of ../shared/fixtures/tool-peer-cases.json (see its README). */
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

/**
 * Reads a peer fixture file from ../shared/fixtures beside the checkout (where CI and every
 * developer have it), or from SLUICE_FIXTURES when set.
 */
export function loadPeerCases<T>(fileName: string): T[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = join(here, "..", "..", "..", "..");
  const directory = process.env.SLUICE_FIXTURES ?? join(root, "..", "shared", "fixtures");
  return JSON.parse(readFileSync(join(directory, fileName), "utf8")) as T[];
}

/** A tool case's tools as the parsers see them: name → input schema. */
export function toolSchemasOf(testCase: ToolPeerCase): [string, JsonSchema][] {
  return testCase.tools.map((tool) => [tool.function.name, tool.function.parameters ?? {}]);
}
