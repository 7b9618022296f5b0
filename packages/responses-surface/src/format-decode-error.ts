import { ParseResult } from "effect";

const PREVIEW_LENGTH = 60;

/**
 * One line for a 400: `input.2.content.0.text: Expected a string, received 5`. Union members each report
 * an issue; the deepest path is the one the client got wrong (a known item failing on a field beats "not
 * a string" for the whole `input`), and issues on that same path are alternatives.
 */
export function formatDecodeError(error: ParseResult.ParseError, input: unknown): string {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error);
  let deepest = issues[0];
  if (deepest === undefined) return "Invalid request body";
  for (const issue of issues) {
    if (issue.path.length > deepest.path.length) deepest = issue;
    // At equal depth, a member whose `type` matched but a field did not beats one whose `type` did not match.
    else if (issue.path.length === deepest.path.length && isTypeMismatch(deepest) && !isTypeMismatch(issue))
      deepest = issue;
  }
  const path = deepest.path.length === 0 ? "body" : deepest.path.map(String).join(".");
  if (deepest._tag === "Missing") return `${path}: Required field is missing`;
  const alternatives: string[] = [];
  for (const issue of issues) {
    if (issue._tag === "Missing" || issue.path.length !== deepest.path.length) continue;
    if (!issue.path.every((key, index) => key === deepest.path[index])) continue;
    const expectation = expectationOf(issue.message);
    if (!alternatives.includes(expectation)) alternatives.push(expectation);
  }
  return `${path}: Expected ${alternatives.join(" or ")}, received ${preview(valueAt(input, deepest.path))}`;
}

function isTypeMismatch(issue: ParseResult.ArrayFormatterIssue): boolean {
  return issue.path[issue.path.length - 1] === "type";
}

/** "Expected a string" → "a string"; effect's own "Expected \"a\" | \"b\", actual \"x\"" → its expected part. */
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
