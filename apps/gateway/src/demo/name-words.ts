/**
 * The words of a tool name, lower case, short ones kept (`LS`, `rg`): `ListAgents` → list, agent;
 * `exec_command` → exec, command; `MCPSearch` → mcp, search. A plural `s` is dropped from longer words, as
 * contentWords does, so "files" in a request meets `list_file`.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => (word.length > 4 && word.endsWith("s") ? word.slice(0, -1) : word));
}
