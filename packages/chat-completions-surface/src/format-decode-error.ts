import { ParseResult } from "effect";
import { NULL_EXPECTATION } from "./wire-schemas";

const PREVIEW_LENGTH = 60;
const EXPECTED = "Expected ";

/**
 * One line for a 400, starting with the field's path: `stop: Expected a string or an array of strings,
 * received 3`. Union members each report an issue; the deepest path is the one the client got wrong,
 * and the issues on that path are the alternatives (without `null`, which only means "absent").
 */
export function formatDecodeError(error: ParseResult.ParseError, input: unknown): string {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error);
  let deepest = issues[0];
  if (deepest === undefined) return "Invalid request body";
  for (const issue of issues) if (issue.path.length > deepest.path.length) deepest = issue;
  const path = deepest.path.length === 0 ? "body" : deepest.path.map(String).join(".");
  if (deepest._tag === "Missing") return `${path}: Required field is missing`;
  const alternatives: string[] = [];
  for (const issue of issues) {
    if (issue._tag === "Missing" || issue.message === NULL_EXPECTATION) continue;
    if (!samePath(issue.path, deepest.path)) continue;
    const expectation = issue.message.startsWith(EXPECTED)
      ? issue.message.slice(EXPECTED.length)
      : issue.message;
    if (!alternatives.includes(expectation)) alternatives.push(expectation);
  }
  const wanted = alternatives.length === 0 ? "null" : alternatives.join(" or ");
  return `${path}: Expected ${wanted}, received ${preview(valueAt(input, deepest.path))}`;
}

function samePath(left: ReadonlyArray<PropertyKey>, right: ReadonlyArray<PropertyKey>): boolean {
  return left.length === right.length && left.every((key, index) => key === right[index]);
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
