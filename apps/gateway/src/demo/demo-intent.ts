/** What a request asks the demo to do with the user's files, when its words say so. */
export type DemoIntent = "list" | "search";

/**
 * `ls`, "list" as a verb ("list the files", not "my todo list"), or asking what files a place holds ("What files
 * are in this project?").
 */
const LIST =
  /\b(?:ls|tree)\b|\blist\s+(?:the|all|every|my|our|your|files?|folders?|director(?:y|ies)|what|everything|contents?)\b|\b(?:show|what|which|see)\b[^.?!]*\b(?:files|folders|director(?:y|ies)|dir|contents)\b/i;
const SEARCH = /\b(?:search|grep|find|locate|look(?:ing)? for|where (?:is|are|do|does))\b/i;
/** A search of the web is not a search of the files (and no file tool answers it). */
const WEB = /\b(?:web|internet|online|google|website|news)\b/i;

/** Searching beats listing: "find the files that use X" is a search. Undefined: neither. */
export function demoIntent(text: string): DemoIntent | undefined {
  if (SEARCH.test(text) && !WEB.test(text)) return "search";
  if (LIST.test(text)) return "list";
  return undefined;
}
