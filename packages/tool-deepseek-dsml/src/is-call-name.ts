/**
 * Whether an invoke's `name="…"` can name a call: non-empty, no whitespace and none of `' < > { }` (a
 * template placeholder such as `{{ name }}` is not a function; qwen_xml's rule, docs/dialects.md §2). An empty
 * name is skipped with a warning instead (d104).
 */
export function isCallName(name: string): boolean {
  if (name.length === 0) return false;
  for (let index = 0; index < name.length; index++) {
    if (isForbidden(name.charCodeAt(index))) return false;
  }
  return true;
}

function isForbidden(code: number): boolean {
  switch (code) {
    case 9: // \t
    case 10: // \n
    case 11: // \v
    case 12: // \f
    case 13: // \r
    case 32: // space
    case 39: // '
    case 60: // <
    case 62: // >
    case 123: // {
    case 125: // }
    case 0xa0: // no-break space
      return true;
    default:
      return false;
  }
}
