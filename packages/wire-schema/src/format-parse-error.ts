import { ParseResult } from "effect";

const PREVIEW_LENGTH = 60;
const EXPECTED = "Expected ";

/**
 * What differs between the request decoders that share `formatParseError` (Anthropic Messages, Chat
 * Completions, Responses): the rest of the line is the same for every client.
 */
export interface ParseErrorOptions {
  /**
   * A message that only means "absent" (Chat Completions' `null` member of a nullable field): left out of
   * the alternatives, since null is not a suggestion. When nothing else is left, the line says `null`.
   */
  readonly absentExpectation?: string;
  /**
   * At equal depth, an issue on a field beats one on the `type` discriminator: for unions checked member by
   * member (Responses items), a member whose `type` matched but a field did not is the one the client meant.
   */
  readonly fieldBeatsType?: boolean;
}

/**
 * One line for a 400: `messages.0.content.1.text: Expected a string, received 5`. Union members each
 * report an issue; the deepest path is the one the client got wrong (a known block failing on a
 * field beats "not a string" for the whole `content`), and issues tied on that path are alternatives.
 */
export function formatParseError(
  error: ParseResult.ParseError,
  input: unknown,
  options: ParseErrorOptions = {},
): string {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error);
  let deepest = issues[0];
  if (deepest === undefined) return "Invalid request body";
  for (const issue of issues) {
    if (issue.path.length > deepest.path.length) deepest = issue;
    else if (
      options.fieldBeatsType === true &&
      issue.path.length === deepest.path.length &&
      isTypeMismatch(deepest) &&
      !isTypeMismatch(issue)
    )
      deepest = issue;
  }
  const path = deepest.path.length === 0 ? "body" : deepest.path.map(String).join(".");
  if (deepest._tag === "Missing") return `${path}: Required field is missing`;
  const alternatives: string[] = [];
  for (const issue of issues) {
    if (issue._tag === "Missing" || issue.message === options.absentExpectation) continue;
    if (!samePath(issue.path, deepest.path)) continue;
    const expectation = expectationOf(issue.message);
    if (!alternatives.includes(expectation)) alternatives.push(expectation);
  }
  // Empty only when every alternative was the absent one.
  const wanted = alternatives.length === 0 ? "null" : alternatives.join(" or ");
  return `${path}: Expected ${wanted}, received ${preview(valueAt(input, deepest.path))}`;
}

function isTypeMismatch(issue: ParseResult.ArrayFormatterIssue): boolean {
  return issue.path[issue.path.length - 1] === "type";
}

function samePath(left: ReadonlyArray<PropertyKey>, right: ReadonlyArray<PropertyKey>): boolean {
  return left.length === right.length && left.every((key, index) => key === right[index]);
}

/** "Expected a string" → "a string"; effect's own "Expected \"auto\" | \"any\", actual \"x\"" → its expected part. */
function expectationOf(message: string): string {
  const withoutPrefix = message.startsWith(EXPECTED) ? message.slice(EXPECTED.length) : message;
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
