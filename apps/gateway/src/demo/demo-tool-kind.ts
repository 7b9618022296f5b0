import type { JsonSchema } from "@sluice/core";
import { DEMO_BOUNDS } from "./demo-bounds";
import { firstKeys } from "./first-keys";
import { nameWords } from "./name-words";
import {
  COMMAND_PROPERTY,
  FILE_PROPERTY,
  FOLDER_PROPERTY,
  isPathProperty,
  propertyKey,
} from "./property-names";
import type { DemoTool } from "./read-demo-request";

/**
 * What calling a tool would do, for the demo's choice:
 * - `shell`: runs a command (Claude Code's Bash, Codex's exec_command); the demo sends only commands of its own.
 * - `file-reader`: reads a file (Read, read_file); only a file the user named, inside the working directory.
 * - `file-lister`: lists files (Glob, list_files); the working directory.
 * - `file-searcher`: searches file contents (Grep, search_files); for a word the user asked about.
 * - `asks-user`: stops for the user (AskUserQuestion, request_user_input); never called unless forced or named.
 * - `manages-client`: works on the client itself, not the user's files (agents, tool search, todo lists, plans,
 *   goals, skills, wake-ups, sessions); harmless, but never the demo's pick unless named.
 * - `risky`: changes files or state, or needs arguments the demo cannot know (Edit, Write, KillShell).
 * - `plain`: anything else (WebSearch, a client's own tools such as get_weather); called when the user's
 *   words meet its name.
 */
export type DemoToolKind =
  | "shell"
  | "file-reader"
  | "file-lister"
  | "file-searcher"
  | "asks-user"
  | "manages-client"
  | "risky"
  | "plain";

const SHELL_NAME = /bash|shell|terminal|exec|powershell|^sh$|^run_?command$/i;
const READER_WORDS = new Set(["read", "view", "cat"]);
/** A viewer of images (Codex's view_image) is no way to read a README. */
const IMAGE_WORDS = new Set(["image", "picture", "photo", "screenshot"]);
const LISTER_WORDS = new Set(["glob", "ls"]);
const LISTING_WORDS = new Set(["list", "tree"]);
const SEARCHER_WORDS = new Set(["grep", "ripgrep", "rg"]);
const SEARCHING_WORDS = new Set(["search", "find"]);
/** What a lister or searcher works on: files, not agents or the web. */
const FILE_WORDS = new Set([
  "file",
  "files",
  "dir",
  "directory",
  "folder",
  "path",
  "code",
  "content",
  "text",
]);
const ASKS_USER_WORDS = new Set(["ask", "question", "confirm", "clarify", "elicit"]);
const ASKS_USER_DESCRIPTION =
  /\b(?:asks?|asking|prompts?|prompting) the user\b|\buser(?:'s)? (?:input|approval|confirmation|answers?|choices?)\b/i;
/**
 * Words in a tool name for what the client keeps for itself: its agents (Agent, ListAgents, SendMessage to
 * teammates), its tool list (ToolSearch, DeferredToolPlaceholder), todo lists and plans, Codex's goals,
 * skills and workflows, wake-ups and cron jobs, worktrees, sessions and their stdin, review findings.
 */
const CLIENT_WORDS = new Set(
  (
    "agent subagent teammate tool todo plan mode goal skill workflow worktree wakeup cron monitor " +
    "session stdin finding"
  ).split(" "),
);
/** Descriptions of the same: other agents, tools not loaded yet, or a tool kept for one situation. */
const CLIENT_DESCRIPTION =
  /\blaunch(?:es)? (?:a )?(?:new )?(?:sub-?)?agents?\b|\bsub-?agents?\b|\bdeferred tools?\b|\bnever call this tool\b|\bonly (?:available in|when explicitly)\b/i;
/** Verbs in a tool name that change or stop something. */
const RISKY_WORDS = new Set(
  (
    "edit delete remove kill stop exit enter move rename install uninstall deploy drop push commit merge " +
    "upload send post publish reset terminate destroy overwrite create update patch replace insert write"
  ).split(" "),
);
/** Required arguments naming something that must already exist: the demo can only guess them wrong. */
const REFERENCE_PROPERTY = /(?:^|_)id$|^(?:server|skill|subagent_type|agent|session)$/;

/** Characters of a description read for its kind: the first sentences say what a tool does. */
const DESCRIPTION_SCAN = 2000;
/**
 * Whether a tool stops for the user is said at once ("This will prompt the user…"); a long description's
 * later advice ("ask the user if unclear", in Claude Code's Workflow and Codex's update_goal) is not that.
 */
const ASKS_USER_SCAN = 300;

export function demoToolKind(tool: DemoTool): DemoToolKind {
  const words = nameWords(tool.name);
  const named = (set: ReadonlySet<string>): boolean => words.some((word) => set.has(word));
  const properties = asRecord(tool.parameters.properties);
  const required = requiredNames(tool.parameters);
  const declared = (pattern: RegExp): string | undefined =>
    [...required, ...firstKeys(properties)].find((name) => pattern.test(propertyKey(name)));
  const description = tool.description.slice(0, DESCRIPTION_SCAN);

  if (named(ASKS_USER_WORDS)) return "asks-user";
  const command = declared(/^command$|^cmd$/);
  if (SHELL_NAME.test(tool.name) && command !== undefined && isStringSchema(properties[command]))
    return "shell";
  const path = declared(FILE_PROPERTY) ?? declared(FOLDER_PROPERTY);
  if (named(READER_WORDS) && !named(IMAGE_WORDS) && path !== undefined) return "file-reader";
  // Only a path, a glob, a pattern or a query may be required: the demo fills those with the working directory.
  const fillable = required.every(
    (name) => isPathProperty(name) || /pattern|glob|regex|query/.test(propertyKey(name)),
  );
  if (fillable && (named(LISTER_WORDS) || (named(LISTING_WORDS) && named(FILE_WORDS)))) return "file-lister";
  if (fillable && (named(SEARCHER_WORDS) || (named(SEARCHING_WORDS) && named(FILE_WORDS))))
    return "file-searcher";
  if (ASKS_USER_DESCRIPTION.test(description.slice(0, ASKS_USER_SCAN))) return "asks-user";
  if (named(CLIENT_WORDS) || CLIENT_DESCRIPTION.test(description)) return "manages-client";
  const risky =
    named(RISKY_WORDS) ||
    // A required path would touch a file, a command run code, a reference name something that exists.
    required.some((name) => {
      const key = propertyKey(name);
      return (
        isPathProperty(name) || COMMAND_PROPERTY.test(key) || key === "code" || REFERENCE_PROPERTY.test(key)
      );
    });
  return risky ? "risky" : "plain";
}

/** The first required property names: classification looks at no more than the arguments would. */
function requiredNames(schema: JsonSchema): string[] {
  return Array.isArray(schema.required)
    ? schema.required
        .slice(0, DEMO_BOUNDS.maxScannedEntries)
        .filter((name): name is string => typeof name === "string")
    : [];
}

function isStringSchema(schema: unknown): boolean {
  const type = asRecord(schema).type;
  return type === undefined || type === "string" || (Array.isArray(type) && type.includes("string"));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
