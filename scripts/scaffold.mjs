// One-off generator for package skeletons (kept so new dialect packages look like the others).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";

const [dir, name, description, deps = "", devDeps = ""] = process.argv.slice(2);
const dependencies = Object.fromEntries(
  deps
    .split(",")
    .filter(Boolean)
    .map((d) => {
      const at = d.lastIndexOf("@");
      return at > 0 ? [d.slice(0, at), d.slice(at + 1)] : [d, "workspace:*"];
    }),
);
const devDependencies = Object.fromEntries(
  devDeps
    .split(",")
    .filter(Boolean)
    .map((d) => {
      const at = d.lastIndexOf("@");
      return at > 0 ? [d.slice(0, at), d.slice(at + 1)] : [d, "workspace:*"];
    }),
);
mkdirSync(`${dir}/src`, { recursive: true });
const pkg = {
  name,
  version: "0.1.0",
  private: true,
  description,
  type: "module",
  exports: { ".": "./src/index.ts" },
  scripts: {
    test: "vitest run --reporter=default --reporter=json --outputFile.json=.vitest-results.json",
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
  `${JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src"] }, null, 2)}\n`,
);
if (!existsSync(`${dir}/src/index.ts`)) writeFileSync(`${dir}/src/index.ts`, "export {};\n");
