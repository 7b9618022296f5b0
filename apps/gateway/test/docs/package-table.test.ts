import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DOCUMENTS_WITH_PACKAGE_TABLE,
  renderPackageTable,
  withCurrentPackageTable,
} from "../../../../scripts/render-package-table";

const root = join(import.meta.dirname, "..", "..", "..", "..");

describe("the docs' package list is made from the workspace", () => {
  it.each(DOCUMENTS_WITH_PACKAGE_TABLE)("%s is current (else run pnpm docs:tables)", (path) => {
    const text = readFileSync(join(root, path), "utf8");
    expect(text).toContain("<!-- generated:packages -->");
    expect(withCurrentPackageTable(text, root)).toBe(text);
  });

  it("names every package folder, the gateway and the pipeline among them", () => {
    const table = renderPackageTable(root);
    expect(table).toContain("| `apps/gateway` | `@sluice/gateway` |");
    expect(table).toContain("| `packages/pipeline` | `@sluice/pipeline` |");
  });
});
