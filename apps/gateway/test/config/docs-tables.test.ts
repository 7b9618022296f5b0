import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENTS_WITH_TABLES } from "../../src/config/documents-with-tables";
import { withCurrentTables } from "../../src/config/render-docs-tables";

const root = join(import.meta.dirname, "..", "..", "..", "..");

describe("the docs' dialect and preset tables are made from the registry", () => {
  it.each(DOCUMENTS_WITH_TABLES)("%s is current (else run pnpm docs:tables)", (path) => {
    const text = readFileSync(join(root, path), "utf8");
    expect(text).toContain("<!-- generated:");
    expect(withCurrentTables(text)).toBe(text);
  });
});
