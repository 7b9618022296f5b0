/**
 * Compiles an alias glob (`*` = any run, `?` = one character, everything else literal) into a
 * whole-string matcher. Every other character is escaped, so a pattern cannot inject regex syntax.
 */
export function compileGlob(pattern: string): (name: string) => boolean {
  let source = "";
  for (const character of pattern) {
    if (character === "*") source += ".*";
    else if (character === "?") source += ".";
    else source += character.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
  }
  // `s`: `*` also spans a newline; `u`: `?` is one code point, not half a surrogate pair.
  const expression = new RegExp(`^${source}$`, "su");
  return (name) => expression.test(name);
}
