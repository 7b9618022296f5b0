/** Words between a search verb and what is searched for ("find all the uses of X"). */
const FILLERS = new Set(
  (
    "a an the all every any some me us for of in on at to is are do does where which what that this these " +
    "those my our your file files code codebase project repo repository directory folder occurrence " +
    "occurrences use uses usage usages reference references instance instances mention mentions place " +
    "places word words string text named called"
  ).split(" "),
);
const SEARCH_VERB = /\b(?:search(?:es|ing)?|grep|find|locate|look(?:ing)? for|where)\b/i;
/** What the demo writes into a shell command or a pattern: letters, digits and `_ . -`, nothing the shell reads. */
const SAFE_TERM = /^[A-Za-z0-9_.-]{2,40}$/;

/**
 * What the user asks to search for: a quoted or backticked word, else the first word after the search verb
 * that is not a filler ("Find all TODO comments" → TODO, "where is parseConfig defined?" → parseConfig).
 * Undefined when there is none the demo can write safely.
 */
export function searchTerm(text: string): string | undefined {
  const quoted = /[`"']([^`"'\s]{2,40})[`"']/.exec(text)?.[1];
  if (quoted !== undefined) return SAFE_TERM.test(quoted) ? quoted : undefined;
  const verb = SEARCH_VERB.exec(text);
  if (verb === null) return undefined;
  for (const word of text.slice(verb.index + verb[0].length).split(/\s+/)) {
    const bare = word.replace(/^[^A-Za-z0-9_]+|[^A-Za-z0-9_]+$/g, "");
    if (bare === "" || FILLERS.has(bare.toLowerCase())) continue;
    return SAFE_TERM.test(bare) ? bare : undefined;
  }
  return undefined;
}
