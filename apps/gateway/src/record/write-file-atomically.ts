import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Writes `directory/name` whole or not at all: a temporary file in the same directory, then a rename,
 * so a reader (or a crash) never sees half a recording. Recordings hold prompts: only the owner reads them.
 */
export async function writeFileAtomically(directory: string, name: string, text: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `.${name}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, { mode: 0o600 });
    await rename(temporary, join(directory, name));
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
