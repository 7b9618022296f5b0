/**
 * Claude Code states it in an `<env>` block (`Working directory: /path`) or, in newer versions, a list
 * (` - Primary working directory: /path`); Codex in its `<environment_context>` (`<cwd>/path</cwd>`).
 */
const WORKING_DIRECTORY_LINE =
  /^[ \t]*(?:-[ \t]*)?(?:primary[ \t]+)?working[ \t]+directory:[ \t]*(.+?)[ \t]*$|<cwd>([^<\n]+)<\/cwd>/im;

/** The absolute working directory a system prompt (or a client's context block) names, if it names one. */
export function findWorkingDirectory(systemText: string): string | undefined {
  const match = WORKING_DIRECTORY_LINE.exec(systemText);
  const path = (match?.[1] ?? match?.[2])?.trim().replace(/^[`'"]+|[`'"]+$/g, "");
  if (path === undefined) return undefined;
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) ? path : undefined;
}
