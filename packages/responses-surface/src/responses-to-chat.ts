import type { ChatFunctionTool, ChatMessage, ChatToolChoice } from "@sluice/upstream-chat";
import { inputToMessages } from "./input-to-messages";
import type { ResponsesRequest } from "./responses-request";
import { toolChoiceToChat } from "./tool-choice-to-chat";
import { toolsToChat } from "./tools-to-chat";

/** What the gateway turns into an upstream chat request (it adds model, stream options and the reasoning field's name). */
export interface ChatTranslation {
  readonly messages: ChatMessage[];
  readonly tools: ChatFunctionTool[] | undefined;
  readonly toolChoice: ChatToolChoice | undefined;
  readonly parallelToolCalls?: boolean;
  readonly maxTokens?: number;
  /** `reasoning.effort` as sent (minimal, low, medium, high, …). */
  readonly reasoningEffort?: string;
  readonly sampling: { readonly temperature?: number; readonly top_p?: number };
  /** What was dropped or changed, one line each, starting with the request path. */
  readonly warnings: string[];
}

/** A decoded Responses request → the pieces of an OpenAI chat request. Stateless: the input is the whole conversation. */
export function responsesToChat(request: ResponsesRequest): ChatTranslation {
  const warnings: string[] = [];
  const messages = inputToMessages(request.instructions, request.input, warnings);
  const tools = toolsToChat(request.tools, warnings);
  // Without tools a tool choice means nothing, and vLLM rejects a tool_choice other than "none" without tools.
  const toolChoice = tools === undefined ? undefined : toolChoiceToChat(request.tool_choice, warnings);
  const { parallel_tool_calls: parallel, max_output_tokens: maxTokens, temperature, top_p: topP } = request;
  const effort = request.reasoning?.effort;
  return {
    messages,
    tools,
    toolChoice,
    // Kept without tools too: a server that parses itself may still call, and only the first call is wanted.
    ...(typeof parallel === "boolean" ? { parallelToolCalls: parallel } : {}),
    ...(typeof maxTokens === "number" ? { maxTokens } : {}),
    ...(typeof effort === "string" ? { reasoningEffort: effort } : {}),
    sampling: {
      ...(typeof temperature === "number" ? { temperature } : {}),
      ...(typeof topP === "number" ? { top_p: topP } : {}),
    },
    warnings,
  };
}
