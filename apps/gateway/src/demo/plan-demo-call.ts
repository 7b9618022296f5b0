import { contentWords } from "./content-words";
import type { Random } from "./create-random";
import { demoArguments } from "./demo-arguments";
import type { DemoValueHints } from "./demo-string-value";
import { type DemoToolKind, demoToolKind } from "./demo-tool-kind";
import { echoCommand } from "./echo-command";
import { findNamedFile } from "./find-named-file";
import { isSmallTalk } from "./is-small-talk";
import type { DemoRequest, DemoTool } from "./read-demo-request";

export interface DemoCall {
  readonly tool: DemoTool;
  readonly kind: DemoToolKind;
  readonly arguments: Map<string, unknown>;
  /** The file a `file-reader` call reads. */
  readonly filePath: string | undefined;
}

/** Candidates tried for arguments that fit, so a request with many unfit tools stays cheap. */
const MAX_ATTEMPTS = 8;

/**
 * The ONE call the demo makes, or none (answer with text). A forced tool is called whatever it is.
 * Otherwise small talk gets no call, and a request gets the most fitting harmless call whose arguments
 * fit its schema, in this order: reading a file the user named inside the working directory; a tool
 * the user names (its name shares a word with the message); an `echo` through the shell; a tool whose
 * description shares a word. Tools that ask the user, change things or need unknowable arguments are
 * never chosen; `required` falls back to any tool but those that ask the user.
 */
export function planDemoCall(request: DemoRequest, random: Random): DemoCall | undefined {
  const { tools, toolChoice, lastUserText, workingDirectory } = request;
  if (toolChoice === "none" || tools.length === 0) return undefined;
  const namedFile =
    workingDirectory === undefined ? undefined : findNamedFile(lastUserText, workingDirectory);
  const callOf = (tool: DemoTool, kind = demoToolKind(tool)) => {
    const filePath = kind === "file-reader" ? namedFile : undefined;
    const hints: DemoValueHints = { workingDirectory, filePath, command: echoCommand(lastUserText) };
    const { values, fitsSchema } = demoArguments(tool.parameters, random, hints);
    return { call: { tool, kind, arguments: values, filePath }, fitsSchema };
  };

  if (typeof toolChoice === "object") {
    const forced = tools.find((tool) => tool.name === toolChoice.name);
    if (forced !== undefined) return callOf(forced).call;
  }
  if (toolChoice !== "required" && isSmallTalk(lastUserText)) return undefined;

  const userWords = new Set(contentWords(lastUserText));
  const ranked = tools
    .map((tool, order) => ({ tool, order, kind: demoToolKind(tool), ...shared(tool, userWords) }))
    .map((entry) => ({ ...entry, tier: tierOf(entry.kind, entry.name, entry.description, namedFile) }))
    .filter((entry) => entry.tier !== undefined)
    .sort(
      (a, b) =>
        (a.tier ?? 0) - (b.tier ?? 0) ||
        3 * (b.name - a.name) + (b.description - a.description) ||
        a.order - b.order,
    );
  for (const { tool, kind } of ranked.slice(0, MAX_ATTEMPTS)) {
    const { call, fitsSchema } = callOf(tool, kind);
    if (fitsSchema) return call;
  }
  if (toolChoice !== "required") return undefined;
  const answerable = tools.filter((tool) => demoToolKind(tool) !== "asks-user");
  for (const tool of answerable.slice(0, MAX_ATTEMPTS)) {
    const { call, fitsSchema } = callOf(tool);
    if (fitsSchema) return call;
  }
  return callOf(answerable[0] ?? tools[0]!).call;
}

/** Lower is tried first; undefined: never chosen on the demo's own initiative. */
function tierOf(
  kind: DemoToolKind,
  nameShared: number,
  descriptionShared: number,
  namedFile: string | undefined,
): number | undefined {
  switch (kind) {
    case "file-reader":
      return namedFile === undefined ? undefined : 0;
    case "plain":
      return nameShared > 0 ? 1 : descriptionShared > 0 ? 3 : undefined;
    case "shell":
      return 2;
    default:
      return undefined;
  }
}

/** How many of the user's words the tool's name and its description share. */
function shared(tool: DemoTool, userWords: ReadonlySet<string>): { name: number; description: number } {
  const count = (text: string): number => {
    let total = 0;
    for (const word of new Set(contentWords(text))) if (userWords.has(word)) total += 1;
    return total;
  };
  return { name: count(tool.name), description: count(tool.description) };
}
