// Creates a package skeleton shaped like every other (`node scripts/scaffold.mjs packages/tool-x
// @sluice/tool-x "what it does" "@sluice/core,some-lib@1.2.3" "dev-deps…"`), so a new dialect package
// starts with the same scripts, exports and tsconfig as the rest. Run `pnpm install` afterwards.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";

/** "a,b@1.2.3" → { a: "workspace:*", b: "1.2.3" }. */
function parseDependencies(list) {
  return Object.fromEntries(
    list
      .split(",")
      .filter(Boolean)
      .map((entry) => {
        const at = entry.lastIndexOf("@");
        return at > 0 ? [entry.slice(0, at), entry.slice(at + 1)] : [entry, "workspace:*"];
      }),
  );
}

const [dir, name, description, deps = "", devDeps = ""] = process.argv.slice(2);
const dependencies = parseDependencies(deps);
const devDependencies = parseDependencies(devDeps);
mkdirSync(`${dir}/src`, { recursive: true });
mkdirSync(`${dir}/test`, { recursive: true });
const pkg = {
  name,
  version: "0.1.0",
  private: true,
  description,
  type: "module",
  exports: { ".": "./src/index.ts" },
  scripts: {
    test: "vitest run --passWithNoTests --testTimeout=60000 --reporter=default --reporter=json --outputFile.json=.vitest-results.json",
    typecheck: "tsc -p tsconfig.json",
    lint: "biome check src",
  },
  dependencies,
  devDependencies,
};
if (!Object.keys(dependencies).length) delete pkg.dependencies;
if (!Object.keys(devDependencies).length) delete pkg.devDependencies;
writeFileSync(`${dir}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync(
  `${dir}/tsconfig.json`,
  `${JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src", "test"] }, null, 2)}\n`,
);
if (!existsSync(`${dir}/src/index.ts`)) writeFileSync(`${dir}/src/index.ts`, "export {};\n");
