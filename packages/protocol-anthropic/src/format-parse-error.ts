import { ParseResult } from "effect";

const PREVIEW_LENGTH = 60;

/**
 * One line for a 400: `messages.0.content.1.text: Expected a string, received 5`. Union members each
 * report an issue; the deepest path is the one the client got wrong (a known block failing on a
 * field beats "not a string" for the whole `content`), and issues tied on that path are alternatives.
 */
export function formatParseError(error: ParseResult.ParseError, input: unknown): string {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error);
  let deepest = issues[0];
  if (deepest === undefined) return "Invalid request body";
  for (const issue of issues) if (issue.path.length > deepest.path.length) deepest = issue;
  const path = deepest.path.length === 0 ? "body" : deepest.path.map(String).join(".");
  if (deepest._tag === "Missing") return `${path}: Required field is missing`;
  const alternatives: string[] = [];
  for (const issue of issues) {
    if (issue.path.length !== deepest.path.length || issue._tag === "Missing") continue;
    if (!samePath(issue.path, deepest.path)) continue;
    const expectation = expectationOf(issue.message);
    if (!alternatives.includes(expectation)) alternatives.push(expectation);
  }
  return `${path}: Expected ${alternatives.join(" or ")}, received ${preview(valueAt(input, deepest.path))}`;
}

function samePath(left: ReadonlyArray<PropertyKey>, right: ReadonlyArray<PropertyKey>): boolean {
  return left.every((key, index) => key === right[index]);
}

/** "Expected a string" → "a string"; effect's own "Expected \"auto\" | \"any\", actual \"x\"" → its expected part. */
function expectationOf(message: string): string {
  const withoutPrefix = message.startsWith("Expected ") ? message.slice("Expected ".length) : message;
  const actualAt = withoutPrefix.indexOf(", actual ");
  return actualAt === -1 ? withoutPrefix : withoutPrefix.slice(0, actualAt);
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    // A descriptor, not `value[key]`: JSON.parse makes `__proto__` an own property, the getter would hide it.
    value = Object.getOwnPropertyDescriptor(value, key)?.value;
  }
  return value;
}

function preview(value: unknown): string {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}
