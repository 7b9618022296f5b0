import type { JsonSchema } from "@sluice/core";
import { contentWords } from "./content-words";
import { DEMO_BOUNDS } from "./demo-bounds";
import { firstKeys } from "./first-keys";
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
 * - `shell`: runs a command (Claude Code's Bash); the demo only ever sends an `echo`.
 * - `file-reader`: reads a file (Read); only a file the user named, inside the working directory.
 * - `asks-user`: stops for the user (AskUserQuestion, ExitPlanMode); never called unless forced.
 * - `risky`: changes files or state, or needs arguments the demo cannot know (Edit, Write, Task, KillShell).
 * - `plain`: anything else (TodoWrite, WebSearch, a client's own tools); called when the user names it.
 */
export type DemoToolKind = "shell" | "file-reader" | "asks-user" | "risky" | "plain";

const SHELL_NAME = /bash|shell|terminal|exec|powershell|^sh$|^run_?command$/i;
const READER_WORDS = new Set(["read", "view", "cat"]);
const ASKS_USER_WORDS = new Set(["ask", "question", "confirm", "clarify", "elicit"]);
const ASKS_USER_DESCRIPTION =
  /\b(?:asks?|asking|prompts?|prompting) the user\b|\buser(?:'s)? (?:input|approval|confirmation|answers?|choices?)\b/i;
/** Verbs in a tool name that change or stop something. */
const RISKY_WORDS = new Set(
  (
    "edit delete remove kill stop exit enter move rename install uninstall deploy drop push commit merge " +
    "upload send post publish reset terminate destroy overwrite create update patch replace insert"
  ).split(" "),
);
/** Tools that start other agents (Claude Code's Task, later Agent). */
const AGENT_LAUNCHER = /\blaunch(?:es)? (?:a )?(?:new )?(?:sub-?)?agents?\b/i;
/** Required arguments naming something that must already exist: the demo can only guess them wrong. */
const REFERENCE_PROPERTY = /(?:^|_)id$|^(?:server|skill|subagent_type|agent|session)$/;

/** Characters of a description read for its kind: the first sentences say what a tool does. */
const DESCRIPTION_SCAN = 2000;

export function demoToolKind(tool: DemoTool): DemoToolKind {
  const nameWords = contentWords(tool.name);
  const properties = asRecord(tool.parameters.properties);
  const required = requiredNames(tool.parameters);
  const declared = (pattern: RegExp): string | undefined =>
    [...required, ...firstKeys(properties)].find((name) => pattern.test(propertyKey(name)));

  if (nameWords.some((word) => ASKS_USER_WORDS.has(word))) return "asks-user";
  const command = declared(/^command$|^cmd$/);
  if (SHELL_NAME.test(tool.name) && command !== undefined && isStringSchema(properties[command]))
    return "shell";
  const path = declared(FILE_PROPERTY) ?? declared(FOLDER_PROPERTY);
  if (nameWords.some((word) => READER_WORDS.has(word)) && path !== undefined) return "file-reader";
  if (ASKS_USER_DESCRIPTION.test(tool.description.slice(0, DESCRIPTION_SCAN))) return "asks-user";
  const risky =
    nameWords.some((word) => RISKY_WORDS.has(word)) ||
    AGENT_LAUNCHER.test(tool.description.slice(0, DESCRIPTION_SCAN)) ||
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
