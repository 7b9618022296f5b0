import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const directory = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

/** A recorded upstream stream: one chunk JSON per line (`*.chunks.jsonl`, as the Vercel AI SDK records them). */
export interface ChunkFixture {
  readonly name: string;
  /** The data lines exactly as recorded. */
  readonly lines: readonly string[];
}

export function loadChunkFixtures(): ChunkFixture[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".chunks.jsonl"))
    .sort()
    .map((file) => loadChunkFixture(file.slice(0, -".chunks.jsonl".length)));
}

export function loadChunkFixture(name: string): ChunkFixture {
  const text = readFileSync(join(directory, `${name}.chunks.jsonl`), "utf8");
  return { name, lines: text.split("\n").filter((line) => line.trim().length > 0) };
}

/** The SSE body a server sends for these data lines, `[DONE]` last. */
export function toSseBody(
  lines: readonly string[],
  options: { lineEnding?: string; done?: boolean } = {},
): string {
  const newline = options.lineEnding ?? "\n";
  const events = lines.map((line) => `data: ${line}${newline}${newline}`);
  if (options.done ?? true) events.push(`data: [DONE]${newline}${newline}`);
  return events.join("");
}
