// What the gateway's build reads, and a fingerprint of it, so `pnpm start` and `pnpm sluice …` can skip the
// build (turbo's own check costs a few hundred milliseconds, seconds on a loaded machine) when nothing
// changed since their last build. Any change asks turbo again, which decides: its cache, or tsup.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Files at the repository root that change what is built or how: the lockfile pins the dependencies. */
const ROOT_FILES = ["package.json", "pnpm-lock.yaml", "turbo.json", "tsconfig.base.json"];
/** Files beside a package's sources that the build reads. */
const PACKAGE_FILES = ["package.json", "tsconfig.json", "tsup.config.ts", "vite.config.ts", "index.html"];
/** What the build writes: a deleted or replaced bundle is rebuilt too. */
const OUTPUTS = ["apps/gateway/dist/cli.js", "apps/gateway/dist/index.js", "apps/console/dist/index.html"];

/**
 * Every input's path, size and modification time, hashed: the gateway's, the console page's (vite builds it
 * into the dist/ the gateway serves) and each workspace package's `src/` (tsup bundles them all), their package and build files, the root's, and the outputs. An edit, a
 * new, removed or renamed file, or a checkout (git writes what it changes) makes another fingerprint.
 */
export function gatewayBuildInputs(root) {
  const packages = readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join("packages", entry.name));
  const paths = [...ROOT_FILES, ...OUTPUTS];
  for (const directory of ["apps/console", "apps/gateway", ...packages].sort()) {
    paths.push(
      ...PACKAGE_FILES.map((file) => join(directory, file)),
      ...filesUnder(root, join(directory, "src")),
    );
  }
  const hash = createHash("sha256");
  for (const path of paths) {
    let line = `${path} missing`;
    try {
      const { size, mtimeMs } = statSync(join(root, path));
      line = `${path} ${size} ${mtimeMs}`;
    } catch {}
    hash.update(`${line}\n`);
  }
  return hash.digest("hex");
}

function filesUnder(root, directory) {
  try {
    return readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}
