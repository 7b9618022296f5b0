/** What the demo reads from a property's name: the kind of value it holds decides what the demo may write there. */

/** A property name as snake_case lower case: `filePath` and `file_path` read the same. */
export function propertyKey(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
}

/** Names of properties that hold a file (`file_path`, `notebook_path`, `filename`). */
export const FILE_PROPERTY = /file_?path|file_?name|notebook_?path|^file$/;

/** Names of properties that hold a folder, or either (`path`). */
export const FOLDER_PROPERTY = /^path$|dir|folder|^cwd$/;

/** Whether a property holds a path: the demo only ever writes paths inside the working directory. */
export function isPathProperty(name: string): boolean {
  const key = propertyKey(name);
  return FILE_PROPERTY.test(key) || FOLDER_PROPERTY.test(key);
}

/** Names of properties that hold a command to run (`command`, `shell_command`, `script`; not `description`). */
export const COMMAND_PROPERTY = /(?:^|_)(?:commands?|cmd|script)(?:_|$)/;

/**
 * Names of optional properties that take free prose (Bash's `description`), the only optional ones the demo
 * fills: a made-up value for any other (Read's `pages: "demo"`) makes a harmless call fail validation.
 */
// Not `justification`: Codex's exec_command refuses one without `sandbox_permissions: "require_escalated"`
// (a request to leave the sandbox), so prose there turned the demo's harmless echo into a failed call.
export const PROSE_PROPERTY = /(?:^|_)(?:description|reason|summary|title|note|comment)(?:_|$)/;

/** Whether an optional property takes free prose the demo may fill. */
export function isProseProperty(name: string): boolean {
  return PROSE_PROPERTY.test(propertyKey(name));
}
