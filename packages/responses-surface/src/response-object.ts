/**
 * The Responses wire shapes Sluice writes, as plain TypeScript types matching the openai SDK's
 * (`openai/resources/responses`), which is a test-only dependency here.
 */

export type ItemStatus = "in_progress" | "completed" | "incomplete";

export interface OutputReasoningItem {
  readonly type: "reasoning";
  readonly id: string;
  readonly summary: readonly { readonly type: "summary_text"; readonly text: string }[];
  readonly content: readonly { readonly type: "reasoning_text"; readonly text: string }[];
  /** Set when the request's `include` asks for `reasoning.encrypted_content` (see reasoning-envelope.ts). */
  readonly encrypted_content?: string;
  readonly status: ItemStatus;
}

export interface OutputText {
  readonly type: "output_text";
  readonly text: string;
  readonly annotations: readonly never[];
  readonly logprobs: readonly never[];
}

export interface OutputMessageItem {
  readonly type: "message";
  readonly id: string;
  readonly role: "assistant";
  readonly status: ItemStatus;
  readonly content: readonly OutputText[];
}

export interface OutputFunctionCallItem {
  readonly type: "function_call";
  readonly id: string;
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
  readonly status: ItemStatus;
}

export type ResponseOutputItem = OutputReasoningItem | OutputMessageItem | OutputFunctionCallItem;

export interface ResponseUsage {
  readonly input_tokens: number;
  readonly input_tokens_details: { readonly cached_tokens: number; readonly cache_write_tokens: number };
  readonly output_tokens: number;
  readonly output_tokens_details: { readonly reasoning_tokens: number };
  readonly total_tokens: number;
}

export type ResponseStatus = "in_progress" | "completed" | "incomplete" | "failed";

/** `response.failed`'s error code: the values the SDK's `ResponseError` allows that fit a gateway. */
export type ResponseErrorCode = "server_error" | "rate_limit_exceeded" | "invalid_prompt";

export interface ResponseObject {
  readonly id: string;
  readonly object: "response";
  readonly created_at: number;
  readonly status: ResponseStatus;
  readonly model: string;
  readonly output: readonly ResponseOutputItem[];
  readonly usage: ResponseUsage | null;
  readonly error: { readonly code: ResponseErrorCode; readonly message: string } | null;
  readonly incomplete_details: { readonly reason: "max_output_tokens" | "content_filter" } | null;
  readonly instructions: unknown;
  readonly tools: readonly unknown[];
  readonly tool_choice: unknown;
  readonly parallel_tool_calls: boolean;
  readonly max_output_tokens: number | null;
  readonly temperature: number | null;
  readonly top_p: number | null;
  readonly reasoning: { readonly effort: string | null; readonly summary: string | null };
  readonly text: unknown;
  readonly truncation: "disabled";
  readonly metadata: unknown;
  readonly previous_response_id: null;
  readonly store: false;
  readonly background: false;
}
