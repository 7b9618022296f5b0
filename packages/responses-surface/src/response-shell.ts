import type { ResponseObject } from "./response-object";
import type { ResponsesRequest } from "./responses-request";

export interface ResponsesEncoderOptions {
  /** `resp_…`; item ids are derived from it. */
  readonly id: string;
  /** The model name the client asked for. */
  readonly model: string;
  /** Unix seconds. */
  readonly createdAt: number;
  /** Echoed into the response object, as OpenAI does; its `include` decides on `encrypted_content`. */
  readonly request?: ResponsesRequest;
}

export type ResponseShell = Omit<
  ResponseObject,
  "status" | "output" | "usage" | "error" | "incomplete_details"
>;

/** The fields of every response object of one stream: identity, and the request's settings echoed back. */
export function responseShell(options: ResponsesEncoderOptions): ResponseShell {
  const request = options.request;
  return {
    id: options.id,
    object: "response",
    created_at: options.createdAt,
    model: options.model,
    instructions: request?.instructions ?? null,
    tools: request?.tools ?? [],
    tool_choice: request?.tool_choice ?? "auto",
    parallel_tool_calls: request?.parallel_tool_calls ?? true,
    max_output_tokens: request?.max_output_tokens ?? null,
    temperature: request?.temperature ?? null,
    top_p: request?.top_p ?? null,
    reasoning: { effort: request?.reasoning?.effort ?? null, summary: request?.reasoning?.summary ?? null },
    text: request?.text ?? { format: { type: "text" } },
    truncation: "disabled",
    metadata: request?.metadata ?? {},
    previous_response_id: null,
    // Nothing is stored, whatever the request asked: there is no response to fetch or continue later.
    store: false,
    background: false,
  };
}
