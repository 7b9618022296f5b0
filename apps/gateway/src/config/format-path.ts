/** `["models", 0, "upstream", "base_url"]` → `models.0.upstream.base_url` (`(root)` for the empty path). */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "(root)" : path.map(String).join(".");
}
