/**
 * Test oracles for the model families' chat templates: what a vLLM server that renders a request
 * through the family's own Jinja template accepts, raises on, keeps and drops. Written from reading
 * the templates (the vendors' files stay out of this repository); each family module says which
 * template it follows. `prompt` is a simplified rendering: the family's role markers and, in order,
 * exactly the texts the real template keeps, so a test can check that no client text was dropped and
 * that turn k's prompt is a prefix of turn k+1's. Tool schemas are a deterministic stand-in
 * (`JSON.stringify` of the request's list), not the template's own serialisation.
 */

/**
 * A template's verdict on one request. `prompt` is the whole rendering; `conversation` is it without
 * the generation prompt (what the next request of a loop must start with: the generation prompt is
 * followed by the model's answer, which the next request re-renders as a turn), and `generation` that
 * suffix, which says where the model starts (inside `<think>` or not). `message` is the exception text
 * vLLM returns in its 400.
 */
export type RenderResult =
  | { readonly ok: true; readonly prompt: string; readonly conversation: string; readonly generation: string }
  | { readonly ok: false; readonly message: string };

/** A family's rendering: the messages' turns, then the generation prompt. */
export interface Rendering {
  readonly conversation: string;
  readonly generation: string;
}

export interface TemplateModel {
  readonly preset: string;
  render(body: Record<string, unknown>): RenderResult;
}

/** One text part, as vLLM hands a list content to templates that iterate over it. */
export interface TextPart {
  readonly type: "text";
  readonly text: string;
}

export interface PreparedToolCall {
  readonly id?: string;
  readonly name: string;
  /** Parsed by the server: a JSON object (or list); `{}` for empty or invalid JSON. */
  readonly arguments: unknown;
}

/** A message after vLLM's preparation (vllm/entrypoints/chat_utils.py `parse_chat_messages`). */
export interface PreparedMessage {
  readonly role: string;
  /** A string for templates that read content as text, a list of parts for those that iterate it. */
  readonly content: string | readonly TextPart[];
  /** vLLM reads the request's `reasoning` and hands it to the template as `reasoning_content` too. */
  readonly reasoning?: string;
  readonly toolCalls?: readonly PreparedToolCall[];
  readonly toolCallId?: string;
  readonly name?: string;
  /** Gemma 4's tool results on the assistant message that made the calls, as sent. */
  readonly toolResponses?: readonly { readonly name?: string; readonly response: unknown }[];
}

export interface RenderInput {
  readonly messages: readonly PreparedMessage[];
  readonly tools: readonly unknown[] | undefined;
  /** `chat_template_kwargs`, spread as template variables. */
  readonly kwargs: Readonly<Record<string, unknown>>;
}

/** A family's template rules over prepared messages; throws `TemplateError` where the template raises. */
export type FamilyRender = (input: RenderInput) => Rendering;

export class TemplateError extends Error {}

/** The template's `raise_exception(text)`. */
export function raise(text: string): never {
  throw new TemplateError(text);
}
