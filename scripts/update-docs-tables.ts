// pnpm docs:tables — rewrites the generated tables (dialects, presets, templates) in the README and docs/
// from the gateway's dialect registry and preset list, and the package list from the workspace. A test
// fails while any is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DOCUMENTS_WITH_TABLES } from "../apps/gateway/src/config/documents-with-tables";
import { withCurrentTables } from "../apps/gateway/src/config/render-docs-tables";
import { DOCUMENTS_WITH_PACKAGE_TABLE, withCurrentPackageTable } from "./render-package-table";

const root = join(import.meta.dirname, "..");
for (const path of new Set<string>([...DOCUMENTS_WITH_TABLES, ...DOCUMENTS_WITH_PACKAGE_TABLE])) {
  const file = join(root, path);
  const text = readFileSync(file, "utf8");
  const current = withCurrentPackageTable(withCurrentTables(text), root);
  if (current !== text) {
    writeFileSync(file, current);
    console.log(`updated ${path}`);
  }
}
