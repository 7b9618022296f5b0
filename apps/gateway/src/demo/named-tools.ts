import { contentWords } from "./content-words";
import { nameWords } from "./name-words";
import type { DemoTool } from "./read-demo-request";

/** Words before a tool name that make it a name, not a verb: "use Bash", "with the Read tool". */
const NAMING_VERB = String.raw`\b(?:use|using|with|via|call|calling|invoke|through|try|run)\s+(?:the\s+|your\s+)?`;

/**
 * The offered tools the user's words name, in the order they are mentioned. A tool is named by its name as
 * one token when the name is an identifier of several parts (`exec_command`, `ListAgents`, `get_weather`),
 * by a plain name with "tool" after it or "use"/"with"/"via" before it ("the Bash tool", "using Bash"), in
 * backticks, or, where `byWords` allows it, by every word of a name of several words ("List the agents"
 * names ListAgents; the demo does not let "kill the shell" name KillShell). A verb that happens to be a
 * tool's name ("edit README.md", "Read this") does not name the tool.
 */
export function namedTools(
  text: string,
  tools: readonly DemoTool[],
  byWords: (tool: DemoTool) => boolean,
): DemoTool[] {
  const userWords = contentWords(text);
  return tools
    .map((tool) => ({ tool, at: mentionOf(text, userWords, tool.name, byWords(tool)) }))
    .filter((entry): entry is { tool: DemoTool; at: number } => entry.at !== undefined)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.tool);
}

function mentionOf(
  text: string,
  userWords: readonly string[],
  name: string,
  byWords: boolean,
): number | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const token = String.raw`(?<![\w-])${escaped}(?![\w-])`;
  const compound = /[_\d-]|[a-z][A-Z]/.test(name);
  const forms = [
    ...(compound ? [token] : []),
    String.raw`${token}\s+tool\b`,
    `${NAMING_VERB}${token}`,
    `\`${escaped}\``,
  ];
  const positions = forms
    .map((form) => new RegExp(form, "i").exec(text)?.index)
    .filter((at): at is number => at !== undefined);
  const words = nameWords(name);
  if (byWords && words.length >= 2 && words.every((word) => userWords.includes(word))) {
    positions.push(Math.max(0, text.toLowerCase().indexOf(words[0] ?? "")));
  }
  return positions.length === 0 ? undefined : Math.min(...positions);
}
