import { openAIErrorRow } from "./openai-error-table";

export interface OpenAIErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    readonly param: null;
    readonly code: string | null;
  };
}

/** A gateway error (`{type, message}`, Anthropic-typed) → the body of an OpenAI error answer; the message is kept verbatim. */
export function responsesErrorBody(error: {
  readonly type: string;
  readonly message: string;
}): OpenAIErrorBody {
  const row = openAIErrorRow(error.type);
  return { error: { message: error.message, type: row.type, param: null, code: row.code } };
}
