import { contentWords } from "./content-words";
import type { Random } from "./create-random";
import { demoArguments } from "./demo-arguments";
import { demoIntent } from "./demo-intent";
import { LIST_COMMAND, printCommand, searchCommand } from "./demo-shell-command";
import type { DemoValueHints } from "./demo-string-value";
import { type DemoToolKind, demoToolKind } from "./demo-tool-kind";
import { echoCommand } from "./echo-command";
import { findNamedFile } from "./find-named-file";
import { isSmallTalk } from "./is-small-talk";
import { namedTools } from "./named-tools";
import { placeName } from "./place-name";
import { quoteExcerpt } from "./quote-excerpt";
import type { DemoRequest, DemoTool } from "./read-demo-request";
import { searchTerm } from "./search-term";

/** What the call does for the user: read the file they named, list or search the files, or just print. */
export type DemoTask = "read" | "list" | "search" | "echo" | "call";

export interface DemoCall {
  readonly tool: DemoTool;
  readonly kind: DemoToolKind;
  /** The user named the tool (namedTools). */
  readonly named: boolean;
  readonly task: DemoTask;
  readonly arguments: Map<string, unknown>;
  /** The file a `read` reads. */
  readonly filePath: string | undefined;
  /** What a `search` looks for. */
  readonly searchTerm: string | undefined;
}

/** Candidates tried for arguments that fit, so a request with many unfit tools stays cheap. */
const MAX_ATTEMPTS = 8;

/**
 * The ONE call the demo makes, or none (answer with text). A forced tool is called whatever it is.
 * Otherwise small talk gets no call, and a request gets the first of these whose arguments fit its schema:
 * a tool the user names (any kind); for a file the user named inside the working directory, a reader; for
 * "list the files", a lister; for a search, a searcher; a shell running a command of the demo's own (`cat`
 * of that file, `ls`, `grep` for the word), a tool whose name shares the user's words, the shell's `echo`,
 * a tool whose description shares them. Tools that ask the user, work on the client itself (agents, tool
 * search, todo lists) or change things are called only when named; `required` falls back to any tool but
 * those that ask the user.
 */
export function planDemoCall(request: DemoRequest, random: Random): DemoCall | undefined {
  const { tools, toolChoice, lastUserText, workingDirectory } = request;
  if (toolChoice === "none" || tools.length === 0) return undefined;
  const namedFile =
    workingDirectory === undefined ? undefined : findNamedFile(lastUserText, workingDirectory);
  const intent = demoIntent(lastUserText);
  const term = intent === "search" ? searchTerm(lastUserText) : undefined;
  const shell = shellTask(lastUserText, workingDirectory, namedFile, intent === "list", term);
  // A tool that asks the user or changes things is named only by its name, never by a sentence's words.
  const named = new Set(
    namedTools(lastUserText, tools, (tool) => !["risky", "asks-user"].includes(demoToolKind(tool))),
  );

  const callOf = (tool: DemoTool, kind = demoToolKind(tool)) => {
    const task = taskOf(kind, shell.task, namedFile !== undefined);
    // Only a reader (or the shell's cat) gets the file the user named: a tool that changes files, named or
    // forced, gets a file of its own.
    const filePath = task === "read" ? namedFile : undefined;
    const hints: DemoValueHints = {
      workingDirectory,
      filePath,
      command: shell.command,
      pattern: kind === "file-lister" ? "*" : kind === "file-searcher" ? term : undefined,
      purpose: purposeOf(task, namedFile, term),
      place: placeName(lastUserText),
    };
    const { values, fitsSchema } = demoArguments(tool.parameters, random, hints);
    const call: DemoCall = {
      tool,
      kind,
      named: named.has(tool),
      task,
      arguments: values,
      filePath,
      searchTerm: task === "search" ? term : undefined,
    };
    return { call, fitsSchema };
  };

  if (typeof toolChoice === "object") {
    const forced = tools.find((tool) => tool.name === toolChoice.name);
    if (forced !== undefined) return callOf(forced).call;
  }
  if (toolChoice !== "required" && isSmallTalk(lastUserText)) return undefined;

  const userWords = new Set(contentWords(lastUserText));
  const entries = tools.map((tool) => ({ tool, kind: demoToolKind(tool), ...shared(tool, userWords) }));
  const ofKind = (kind: DemoToolKind) => entries.filter((entry) => entry.kind === kind);
  const plainSharing = (by: "name" | "description") =>
    ofKind("plain")
      .filter((entry) => entry[by] > 0)
      .sort((a, b) => b[by] - a[by]);
  const shells = ofKind("shell");
  const candidates = [
    ...entries.filter((entry) => named.has(entry.tool)),
    ...(namedFile === undefined ? [] : ofKind("file-reader")),
    ...(intent === "list" ? ofKind("file-lister") : []),
    ...(term === undefined ? [] : ofKind("file-searcher")),
    ...(shell.task === "echo" ? [] : shells),
    ...plainSharing("name"),
    ...shells,
    ...plainSharing("description"),
  ];
  const tried = new Set<DemoTool>();
  for (const { tool, kind } of candidates) {
    if (tried.has(tool)) continue;
    tried.add(tool);
    if (tried.size > MAX_ATTEMPTS) break;
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

/**
 * The command a shell call runs, always one of the demo's own and never the user's text: `cat` of the file
 * they named, `ls` for a listing, `grep -l` for the word they search, else an `echo` of their first words.
 */
function shellTask(
  text: string,
  workingDirectory: string | undefined,
  namedFile: string | undefined,
  listing: boolean,
  term: string | undefined,
): { task: DemoTask; command: string } {
  const print =
    workingDirectory === undefined || namedFile === undefined
      ? undefined
      : printCommand(workingDirectory, namedFile);
  if (print !== undefined) return { task: "read", command: print };
  if (listing) return { task: "list", command: LIST_COMMAND };
  if (term !== undefined) return { task: "search", command: searchCommand(term) };
  return { task: "echo", command: echoCommand(text) };
}

/** The call's task in a few words, as Claude Code's Bash `description` wants it. */
function purposeOf(task: DemoTask, file: string | undefined, term: string | undefined): string | undefined {
  switch (task) {
    case "read":
      return `Show ${quoteExcerpt(file ?? "the file", 1)}`;
    case "list":
      return "List the files in the working directory";
    case "search":
      return `Find the files that contain ${term ?? "the word"}`;
    case "echo":
      return "Print a line from the Sluice demo";
    default:
      return undefined;
  }
}

function taskOf(kind: DemoToolKind, shellTask: DemoTask, fileNamed: boolean): DemoTask {
  switch (kind) {
    case "shell":
      return shellTask;
    case "file-reader":
      return fileNamed ? "read" : "call";
    case "file-lister":
      return "list";
    case "file-searcher":
      return "search";
    default:
      return "call";
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
