// pnpm docs:tables — rewrites the generated tables (dialects, presets) in the README and docs/ from the
// gateway's dialect registry and preset list. A test fails while they are stale.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DOCUMENTS_WITH_TABLES } from "../apps/gateway/src/config/documents-with-tables";
import { withCurrentTables } from "../apps/gateway/src/config/render-docs-tables";

const root = join(import.meta.dirname, "..");
for (const path of DOCUMENTS_WITH_TABLES) {
  const file = join(root, path);
  const text = readFileSync(file, "utf8");
  const current = withCurrentTables(text);
  if (current !== text) {
    writeFileSync(file, current);
    console.log(`updated ${path}`);
  }
}
