import { posix, win32 } from "node:path";

/**
 * `path` (absolute, or relative to `workingDirectory`) as an absolute path strictly inside the working
 * directory; undefined when it leads outside (`/etc/hosts`, `../x`, `~/.ssh`): the demo never goes there.
 */
export function resolveInside(workingDirectory: string, path: string): string | undefined {
  const paths = /^[A-Za-z]:[\\/]/.test(workingDirectory) ? win32 : posix;
  if (!paths.isAbsolute(workingDirectory) || path === "" || path.startsWith("~")) return undefined;
  const resolved = paths.resolve(workingDirectory, path);
  const relative = paths.relative(workingDirectory, resolved);
  const outside =
    relative === "" ||
    relative === ".." ||
    relative.startsWith(`..${paths.sep}`) ||
    paths.isAbsolute(relative);
  return outside ? undefined : resolved;
}
