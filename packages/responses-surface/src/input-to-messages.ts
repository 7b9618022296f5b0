import type { ChatAssistantMessage, ChatMessage, ChatRequestToolCall } from "@sluice/upstream-chat";
import { contentParts, contentText } from "./content-parts";
import type {
  FunctionCallItem,
  FunctionCallOutputItem,
  InputItem,
  MessageItem,
  ReasoningItem,
} from "./input-item";
import { reasoningText } from "./reasoning-text";

/** What one assistant turn has collected so far: reasoning, text and calls, in the items' order. */
interface AssistantTurn {
  readonly reasoning: string[];
  readonly texts: string[];
  readonly toolCalls: ChatRequestToolCall[];
}

/**
 * `instructions` and `input` → chat messages. Every run of assistant-side items (reasoning, assistant
 * messages, function calls) becomes ONE assistant message, because chat templates render calls on the
 * assistant turn and the `tool` results must follow it directly; text written after a call in the same
 * turn is appended to that message's content. Consecutive system/developer items merge into one system
 * message (many templates accept a single system message only at the start).
 */
export function inputToMessages(
  instructions: string | null | undefined,
  input: string | readonly InputItem[] | undefined,
  warnings: string[],
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let turn: AssistantTurn | undefined;

  const openTurn = (): AssistantTurn => {
    turn ??= { reasoning: [], texts: [], toolCalls: [] };
    return turn;
  };
  const closeTurn = (): void => {
    if (turn !== undefined) messages.push(assistantMessage(turn));
    turn = undefined;
  };
  const pushSystem = (text: string): void => {
    if (text === "") return;
    closeTurn();
    const last = messages[messages.length - 1];
    if (last?.role === "system")
      messages[messages.length - 1] = { role: "system", content: `${last.content}\n\n${text}` };
    else messages.push({ role: "system", content: text });
  };

  if (typeof instructions === "string") pushSystem(instructions);
  if (typeof input === "string") {
    messages.push({ role: "user", content: input });
    return messages;
  }
  (input ?? []).forEach((item, index) => {
    const path = `input.${index}`;
    switch (item.type) {
      case "function_call":
        openTurn().toolCalls.push(toolCall(item as FunctionCallItem));
        return;
      case "reasoning": {
        const text = reasoningText(item as ReasoningItem);
        if (text !== undefined) openTurn().reasoning.push(text);
        else warnings.push(`${path}: dropped reasoning item without readable text`);
        return;
      }
      case "function_call_output": {
        const output = item as FunctionCallOutputItem;
        closeTurn();
        messages.push({
          role: "tool",
          tool_call_id: output.call_id,
          content: contentText(output.output, `${path}.output`, warnings, "\n"),
        });
        return;
      }
      case undefined:
      case "message": {
        const message = item as MessageItem;
        const contentPath = `${path}.content`;
        switch (message.role) {
          case "assistant": {
            const text = contentText(message.content, contentPath, warnings, "\n\n");
            if (text !== "") openTurn().texts.push(text);
            return;
          }
          case "system":
          case "developer":
            pushSystem(contentText(message.content, contentPath, warnings, "\n\n"));
            return;
          case "user":
            break;
          default:
            warnings.push(`${path}: role "${message.role}" sent as user`);
        }
        closeTurn();
        messages.push(userMessage(message, contentPath, warnings));
        return;
      }
      default:
        // Hosted-tool calls ran at OpenAI; `item_reference` points at stored state this gateway does not keep.
        warnings.push(`${path}: dropped ${item.type} item`);
    }
  });
  closeTurn();
  return messages;
}

function assistantMessage(turn: AssistantTurn): ChatAssistantMessage {
  const { reasoning, texts, toolCalls } = turn;
  return {
    role: "assistant",
    // OpenAI chat wants `null` content beside tool_calls; a turn of reasoning alone keeps the roles alternating.
    content: texts.length > 0 ? texts.join("\n\n") : toolCalls.length > 0 ? null : "",
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    ...(reasoning.length > 0 ? { reasoning: reasoning.join("\n\n") } : {}),
  };
}

function toolCall(item: FunctionCallItem): ChatRequestToolCall {
  return {
    id: item.call_id,
    type: "function",
    // Servers parse past arguments as JSON to render the template; an empty string is the empty object.
    function: { name: item.name, arguments: item.arguments === "" ? "{}" : item.arguments },
  };
}

function userMessage(message: MessageItem, path: string, warnings: string[]): ChatMessage {
  const parts = contentParts(message.content, path, warnings);
  const [first] = parts;
  // A lone text part goes as a plain string: the form every chat template renders the same way.
  if (parts.length === 1 && first?.type === "text") return { role: "user", content: first.text };
  return { role: "user", content: parts.length === 0 ? "" : parts };
}
