import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";

/** One built file of the console's page. */
export interface ConsoleAsset {
  readonly body: Buffer;
  readonly type: string;
  /** vite puts a content hash in every asset's name: it never changes, so a browser may keep it. */
  readonly immutable: boolean;
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

/**
 * The page as `@sluice/console` built it (`vite build` → dist/), read once: `/console` is its index.html,
 * `/console/assets/NAME` each asset. Only the files found there are served, by exact name, so no path can
 * reach outside dist/. Undefined when the page was never built (a checkout that ran no `pnpm build`).
 */
export function loadConsoleAssets(
  directory = consoleDistDirectory(),
): ReadonlyMap<string, ConsoleAsset> | undefined {
  let index: Buffer;
  try {
    index = readFileSync(join(directory, "index.html"));
  } catch {
    return undefined;
  }
  const assets = new Map<string, ConsoleAsset>([
    ["/console", { body: index, type: TYPES[".html"] as string, immutable: false }],
  ]);
  let names: string[] = [];
  try {
    names = readdirSync(join(directory, "assets"));
  } catch {}
  for (const name of names) {
    assets.set(`/console/assets/${name}`, {
      body: readFileSync(join(directory, "assets", name)),
      type: TYPES[extname(name)] ?? "application/octet-stream",
      immutable: true,
    });
  }
  return assets;
}

/** apps/console/dist, found through the gateway's dependency on `@sluice/console` (from src/ and from dist/ alike). */
export function consoleDistDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@sluice/console/package.json")), "dist");
}
