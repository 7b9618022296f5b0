import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { markdownTable, withGeneratedBlocks } from "../apps/gateway/src/config/render-docs-tables";

/** The workspace folders whose packages the table lists: the libraries, then the apps built from them. */
const WORKSPACE_FOLDERS = ["packages", "apps"] as const;

interface WorkspacePackage {
  readonly folder: string;
  readonly name: string;
  readonly description: string;
}

/** Every workspace package's folder, name and `description`, read from its package.json. */
export function workspacePackages(root: string): WorkspacePackage[] {
  return WORKSPACE_FOLDERS.flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        const folder = `${parent}/${entry.name}`;
        let manifest: { name?: string; description?: string };
        try {
          manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8"));
        } catch {
          return []; // a folder without a package (a leftover build directory) is not a package
        }
        if (manifest.name === undefined) return [];
        if (manifest.description === undefined) throw new Error(`${folder}/package.json has no description`);
        return [{ folder, name: manifest.name, description: manifest.description }];
      })
      .sort((left, right) => left.folder.localeCompare(right.folder)),
  );
}

/**
 * The docs' list of packages, made from the workspace (so a new, renamed or removed package can never leave
 * docs/architecture.md or the README naming what is not there): `pnpm docs:tables` writes it between
 * `<!-- generated:packages -->` and `<!-- /generated:packages -->`, and a test fails while it is stale.
 */
export function renderPackageTable(root: string): string {
  // A dialect's description quotes its markup: `<tool_call>` must show as text, not vanish as an HTML tag.
  const asText = (text: string) => text.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return markdownTable(
    ["folder", "package", "what it does"],
    workspacePackages(root).map((pkg) => [`\`${pkg.folder}\``, `\`${pkg.name}\``, asText(pkg.description)]),
  );
}

/** `text` with its generated package list (if it has one) replaced by the current one. */
export function withCurrentPackageTable(text: string, root: string): string {
  return withGeneratedBlocks(text, { packages: () => renderPackageTable(root) });
}

/** The documents (from the repository root) with a generated package list. */
export const DOCUMENTS_WITH_PACKAGE_TABLE = ["README.md", "docs/architecture.md"] as const;
