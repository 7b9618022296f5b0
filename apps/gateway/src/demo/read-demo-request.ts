import type { JsonSchema } from "@sluice/core";
import { findWorkingDirectory } from "./find-working-directory";
import { injectedContext, stripInjectedContext } from "./strip-injected-context";

export interface DemoTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

export type DemoToolChoice = "auto" | "none" | "required" | { readonly name: string };

/** The parts of an OpenAI chat request the demo model looks at. */
export interface DemoRequest {
  readonly model: string;
  /** `chat_template_kwargs.enable_thinking` (Qwen3.5's switch). */
  readonly thinking: boolean;
  readonly maxTokens: number | undefined;
  readonly includeUsage: boolean;
  readonly tools: readonly DemoTool[];
  readonly toolChoice: DemoToolChoice;
  /**
   * The user's own words in their last message that has any ("" when none): the blocks Claude Code
   * injects (`<system-reminder>`…) are not the user's words.
   */
  readonly lastUserText: string;
  /**
   * The content of the tool result the conversation ends on (role `tool`), when it does. A user message
   * after it with nothing but injected context (Claude Code appends reminders) still ends on the result.
   */
  readonly toolResult: string | undefined;
  /**
   * The working directory the system prompt or the client's context blocks state (Claude Code's `<env>` or
   * `# Environment`, Codex's `<environment_context>`), absolute.
   */
  readonly workingDirectory: string | undefined;
}

/** Longest tool name the demo calls: a longer one, or one with markup characters, cannot be written. */
const MAX_TOOL_NAME_LENGTH = 128;

/** Reads the request defensively; a string is the reason it cannot be served (the demo then answers 400). */
export function readDemoRequest(body: Record<string, unknown>): DemoRequest | string {
  const { messages } = body;
  if (!Array.isArray(messages) || messages.length === 0) return "messages: a non-empty array is required";
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens !== undefined && maxTokens !== null && (typeof maxTokens !== "number" || maxTokens < 1)) {
    return `max_tokens must be at least 1, got ${JSON.stringify(maxTokens)}.`;
  }
  let lastUserText = "";
  let toolResult: string | undefined;
  let turnSeen = false;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = record(messages[index]);
    if (message.role === "tool") {
      if (!turnSeen) toolResult = commandOutput(stripInjectedContext(contentText(message.content)));
      turnSeen = true;
    } else if (message.role === "assistant") {
      turnSeen = true;
    } else if (message.role === "user") {
      const own = stripInjectedContext(contentText(message.content));
      if (own === "") continue;
      lastUserText = own;
      break;
    }
  }
  let workingDirectory: string | undefined;
  for (const message of messages) {
    const { role, content } = record(message);
    if (role === "system" || role === "developer")
      workingDirectory ??= findWorkingDirectory(contentText(content));
    // Not the user's own words: a directory they type is not where the client runs.
    else if (role === "user")
      workingDirectory ??= findWorkingDirectory(injectedContext(contentText(content)));
  }
  return {
    model: typeof body.model === "string" ? body.model : "demo",
    thinking: record(body.chat_template_kwargs).enable_thinking === true,
    maxTokens: typeof maxTokens === "number" ? Math.floor(maxTokens) : undefined,
    includeUsage: record(body.stream_options).include_usage === true,
    tools: readTools(body.tools),
    toolChoice: readToolChoice(body.tool_choice),
    lastUserText,
    toolResult,
    workingDirectory,
  };
}

function readTools(tools: unknown): DemoTool[] {
  if (!Array.isArray(tools)) return [];
  const result: DemoTool[] = [];
  for (const tool of tools) {
    const declared = record(record(tool).function);
    const { name } = declared;
    if (typeof name !== "string" || name === "" || name.length > MAX_TOOL_NAME_LENGTH || /[<>\n]/.test(name))
      continue;
    result.push({
      name,
      description: typeof declared.description === "string" ? declared.description : "",
      parameters: record(declared.parameters),
    });
  }
  return result;
}

function readToolChoice(choice: unknown): DemoToolChoice {
  if (choice === "none" || choice === "required") return choice;
  const name = record(record(choice).function).name;
  return typeof name === "string" ? { name } : "auto";
}

/**
 * What a command printed, without the lines Codex's exec_command puts before it (`Chunk ID: …`, `Wall time:
 * …`, `Process exited with code 0`, `Output:`), so the answer quotes the output.
 */
function commandOutput(result: string): string {
  const output = /^Chunk ID: [^\n]*\n(?:[^\n]*\n)*?Output:\n/.exec(result);
  return output === null ? result : result.slice(output[0].length).trim();
}

/** Chat content is a string or a list of parts; only text parts count. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => record(part))
    .filter((part) => part.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n");
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
