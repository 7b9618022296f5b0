import { posix } from "node:path";

/** What a shell call runs for a listing: the working directory, as a model would look first. */
export const LIST_COMMAND = "ls";

/** Path characters the demo writes into a command: nothing a shell reads but the path itself. */
const SAFE_PATH = /^[A-Za-z0-9_./-]+$/;

/**
 * `cat -- 'src/index.ts'`: a file the user named, inside the working directory (findNamedFile made sure),
 * relative to it. Undefined for a path with other characters or a Windows directory: an echo then.
 */
export function printCommand(workingDirectory: string, filePath: string): string | undefined {
  if (!posix.isAbsolute(workingDirectory)) return undefined;
  const relative = posix.relative(workingDirectory, filePath);
  return SAFE_PATH.test(relative) && !relative.startsWith("-") ? `cat -- '${relative}'` : undefined;
}

/** The files that hold `term` (letters, digits and `_ . -` only: searchTerm), skipping what a checkout vendors. */
export function searchCommand(term: string): string {
  return `grep -rIl --exclude-dir=.git --exclude-dir=node_modules -- '${term}' .`;
}
