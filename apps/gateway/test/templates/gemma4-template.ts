import type { FamilyRender, PreparedMessage } from "./template-model";
import { raise } from "./template-model";

const QUOTE = '<|"|>';

/**
 * Gemma 4 as this test models it, read from llama.cpp's `models/templates/gemma4.jinja` (Google's template; the
 * interleaved variant differs only in keeping reasoning between calls): `<bos>`, then a `<|turn>system` turn when
 * thinking is on, tools are given or the first message is system/developer (`<|think|>` first when thinking is on,
 * the first message's text trimmed, each tool as `<|tool>declaration:…<tool|>`, a JSON stand-in here); each message
 * a `<|turn>ROLE\n` turn (`model` for the assistant) of its calls (`<|tool_call>call:NAME{k:V,…}<tool_call|>`, keys
 * sorted, strings between `<|"|>`), its `tool_responses` (`<|tool_response>response:NAME{value:…}<tool_response|>`)
 * and its text (the model's with any `<|channel>…<channel|>` stripped, which is how past reasoning goes: it is never
 * rendered), closed by `<turn|>\n` unless it carried tool responses and no text, so the model's turn goes on after
 * them. The generation prompt opens `<|turn>model\n` unless the last message carried tool responses, then closes an
 * empty `<|channel>thought\n<channel|>` unless thinking is on (the model then writes its channel itself).
 *
 * Compared locally with the template's message loop rendered by Python's jinja2 (tools left out, their declarations
 * being a stand-in here): the same prompt for 2,000 of 2,000 generated conversations shaped by the preset's rules.
 * Contents are strings, as vLLM hands them with `--chat-template-content-format string` (and llama.cpp always): by
 * default vLLM's detection picks lists of parts for this template (it loops over a message's content), and
 * `messages[0]['content'] | trim` then renders the system turn's list as its Python repr (docs/dialects.md §5).
 *
 * Where the real template renders nonsense rather than raising, the model raises, in its own words: a `tool`
 * message (a bare `<|turn>tool` turn of the result's text, which the model was never shown), a later `developer`
 * message (a `<|turn>developer` turn), and tool responses on a message with text or on one that is not the
 * model's (the text would follow the results and close a turn that the generation prompt then does not reopen).
 */
export const gemma4Template: FamilyRender = ({ messages, tools, kwargs }) => {
  const thinking = kwargs.enable_thinking === true;
  let prompt = "<bos>";
  let loop = messages;
  const first = messages[0];
  const leadingSystem = first?.role === "system" || first?.role === "developer";
  if (thinking || (tools !== undefined && tools.length > 0) || leadingSystem) {
    prompt += "<|turn>system\n";
    if (thinking) prompt += "<|think|>";
    if (leadingSystem) {
      prompt += userText(first as PreparedMessage);
      loop = messages.slice(1);
    }
    for (const tool of tools ?? []) prompt += `<|tool>declaration:${JSON.stringify(tool)}<tool|>`;
    prompt += "<turn|>\n";
  }
  let lastResponded = false;
  for (const message of loop) {
    lastResponded = false;
    if (message.role === "tool")
      raise(
        "Gemma 4's template renders a tool message as a bare <|turn>tool turn: send its result as tool_responses",
      );
    if (message.role === "developer")
      raise("Gemma 4's template renders a later developer message as a <|turn>developer turn");
    const model = message.role === "assistant";
    prompt += `<|turn>${model ? "model" : message.role}\n`;
    for (const call of message.toolCalls ?? []) {
      prompt += `<|tool_call>call:${call.name}{${members(call.arguments)}}<tool_call|>`;
    }
    const text = model ? modelText(message) : userText(message);
    const responses = message.toolResponses ?? [];
    if (responses.length > 0) {
      if (!model) raise("Gemma 4's tool_responses belong on the assistant message that made the calls");
      if (text !== "")
        raise("Gemma 4's template renders a turn's text after its tool_responses and closes the turn");
      for (const response of responses) {
        const body =
          typeof response.response === "object" &&
          response.response !== null &&
          !Array.isArray(response.response)
            ? members(response.response)
            : `value:${argument(response.response)}`;
        prompt += `<|tool_response>response:${response.name ?? "unknown"}{${body}}<tool_response|>`;
      }
      lastResponded = true;
    }
    prompt += text;
    if (!(responses.length > 0 && text === "")) prompt += "<turn|>\n";
  }
  const generation = `${lastResponded ? "" : "<|turn>model\n"}${thinking ? "" : "<|channel>thought\n<channel|>"}`;
  return { conversation: prompt, generation };
};

/** A non-model message's text, trimmed (a list content, which the template iterates: each part trimmed). */
function userText(message: PreparedMessage): string {
  const { content } = message;
  return typeof content === "string" ? content.trim() : content.map((part) => part.text.trim()).join("");
}

/** The model's text with every `<|channel>…<channel|>` taken out, each part trimmed (`strip_thinking`). */
function modelText(message: PreparedMessage): string {
  const { content } = message;
  const parts = typeof content === "string" ? [content] : content.map((part) => part.text);
  return parts.map(stripThinking).join("");
}

function stripThinking(text: string): string {
  return text
    .split("<channel|>")
    .map((part) => (part.includes("<|channel>") ? (part.split("<|channel>")[0] as string) : part))
    .join("")
    .trim();
}

/** A mapping's members as `format_argument` writes them: keys sorted as `dictsort` sorts them, bare. */
function members(value: unknown): string {
  if (typeof value !== "object" || value === null) return "";
  return Object.entries(value as Record<string, unknown>)
    .sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0))
    .map(([key, item]) => `${key}:${argument(item)}`)
    .join(",");
}

/** `format_argument(value, escape_keys=False)`: Python's rendering of what is no string, mapping or list. */
function argument(value: unknown): string {
  if (typeof value === "string") return `${QUOTE}${value}${QUOTE}`;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return `[${value.map(argument).join(",")}]`;
  if (typeof value === "object" && value !== null) return `{${members(value)}}`;
  return value === null || value === undefined ? "None" : String(value);
}
