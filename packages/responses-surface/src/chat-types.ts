import type { ChatCompletionRequest, ChatMessage } from "@sluice/protocol-openai";

/** Narrow views of @sluice/protocol-openai's request types: what responsesToChat builds. */
export type { ChatMessage };
export type ChatAssistantMessage = Extract<ChatMessage, { readonly role: "assistant" }>;
export type ChatUserMessage = Extract<ChatMessage, { readonly role: "user" }>;
export type ChatToolMessage = Extract<ChatMessage, { readonly role: "tool" }>;
export type ChatUserContentPart = Exclude<ChatUserMessage["content"], string>[number];
export type ChatToolCall = NonNullable<ChatAssistantMessage["tool_calls"]>[number];
export type ChatTool = NonNullable<ChatCompletionRequest["tools"]>[number];
export type ChatToolChoice = NonNullable<ChatCompletionRequest["tool_choice"]>;
