import type { DemoTool, DemoToolChoice } from "./read-demo-request";

/** Words too common to say anything about which tool fits (Claude Code's descriptions are long). */
const STOP_WORDS = new Set(
  [
    "the and for with this that you your are can use from into not all any will when should must",
    "have has its was what which please",
  ]
    .join(" ")
    .split(" "),
);

/**
 * The demo calls ONE tool: the forced one, else the tool whose name (worth more) and description share
 * the most words with the user's last message, else the first; none for `tool_choice: none`.
 */
export function pickDemoTool(
  tools: readonly DemoTool[],
  toolChoice: DemoToolChoice,
  lastUserText: string,
): DemoTool | undefined {
  if (toolChoice === "none" || tools.length === 0) return undefined;
  if (typeof toolChoice === "object") {
    const forced = tools.find((tool) => tool.name === toolChoice.name);
    if (forced !== undefined) return forced;
  }
  const userWords = new Set(words(lastUserText));
  let best = tools[0];
  let bestScore = 0;
  for (const tool of tools) {
    const nameScore = countShared(new Set(words(tool.name)), userWords);
    const descriptionScore = countShared(new Set(words(tool.description)), userWords);
    const score = 3 * nameScore + descriptionScore;
    if (score > bestScore) {
      best = tool;
      bestScore = score;
    }
  }
  return best;
}

function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 4 && word.endsWith("s") ? word.slice(0, -1) : word));
}

function countShared(candidate: ReadonlySet<string>, userWords: ReadonlySet<string>): number {
  let count = 0;
  for (const word of candidate) if (userWords.has(word)) count += 1;
  return count;
}
