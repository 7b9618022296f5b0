import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..", "..");

// Where code and tests live; a comment there that cites a document must cite one the repository has.
const SOURCE_FOLDERS = ["apps", "packages", "scripts"];
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "fixtures", "recordings"]);

// `docs/http-api.md`, or any `NAME.md` cited with a section (`§2`, `D2`, `Part B`); `@docs/guide.md` is a
// file a user names (the demo's examples), not a citation.
const CITATION = /(?<![@\w])(?:docs\/[\w-]+\.md|[\w./-]+\.md(?= (?:§|[A-D]\d|Part [A-D])))/g;
// A comment line: `//`, or a line of a block comment.
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*)/;

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...sourceFiles(path));
    } else if (/\.(ts|mjs|js)$/.test(entry.name)) files.push(path);
  }
  return files;
}

describe("the documents code comments cite", () => {
  it("are all in the repository (a cited file outside it cannot be read by whoever reads the code)", () => {
    const missing: string[] = [];
    let cited = 0;
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      const comments = readFileSync(join(root, file), "utf8")
        .split("\n")
        .filter((line) => COMMENT_LINE.test(line));
      for (const [name] of comments.join("\n").matchAll(CITATION)) {
        cited++;
        if (!existsSync(join(root, name)) && !existsSync(join(root, "docs", name))) {
          missing.push(`${file}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The pattern still finds the citations it is there to check.
    expect(cited).toBeGreaterThan(100);
  });
});
