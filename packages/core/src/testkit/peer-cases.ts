import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Reads a peer fixture file from ../shared/fixtures beside the checkout (where CI and every
 * developer have it), or from SLUICE_FIXTURES when set.
 */
export function loadPeerCases<T>(fileName: string): T[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = join(here, "..", "..", "..", "..");
  const directory = process.env.SLUICE_FIXTURES ?? join(root, "..", "shared", "fixtures");
  return JSON.parse(readFileSync(join(directory, fileName), "utf8")) as T[];
}
