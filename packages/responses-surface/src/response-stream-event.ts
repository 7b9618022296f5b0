import type { OutputReasoningItem, OutputText, ResponseObject, ResponseOutputItem } from "./response-object";

type ReasoningText = OutputReasoningItem["content"][number];
type SummaryText = OutputReasoningItem["summary"][number];

interface Sequenced {
  /** 0, 1, 2… over the whole stream. */
  readonly sequence_number: number;
}

interface InItem extends Sequenced {
  readonly item_id: string;
  readonly output_index: number;
}

interface InPart extends InItem {
  readonly content_index: number;
}

interface InSummary extends InItem {
  readonly summary_index: number;
}

/** The Responses stream events Sluice writes (a subset of the SDK's `ResponseStreamEvent`). */
export type ResponseStreamEvent =
  | ({
      readonly type:
        | "response.created"
        | "response.in_progress"
        | "response.completed"
        | "response.incomplete"
        | "response.failed";
      readonly response: ResponseObject;
    } & Sequenced)
  | ({
      readonly type: "response.output_item.added" | "response.output_item.done";
      readonly output_index: number;
      readonly item: ResponseOutputItem;
    } & Sequenced)
  | ({
      readonly type: "response.content_part.added" | "response.content_part.done";
      readonly part: OutputText | ReasoningText;
    } & InPart)
  | ({
      readonly type: "response.output_text.delta";
      readonly delta: string;
      readonly logprobs: readonly never[];
    } & InPart)
  | ({
      readonly type: "response.output_text.done";
      readonly text: string;
      readonly logprobs: readonly never[];
    } & InPart)
  | ({ readonly type: "response.reasoning_text.delta"; readonly delta: string } & InPart)
  | ({ readonly type: "response.reasoning_text.done"; readonly text: string } & InPart)
  | ({
      readonly type: "response.reasoning_summary_part.added" | "response.reasoning_summary_part.done";
      readonly part: SummaryText;
    } & InSummary)
  | ({ readonly type: "response.reasoning_summary_text.delta"; readonly delta: string } & InSummary)
  | ({ readonly type: "response.reasoning_summary_text.done"; readonly text: string } & InSummary)
  | ({ readonly type: "response.function_call_arguments.delta"; readonly delta: string } & InItem)
  | ({
      readonly type: "response.function_call_arguments.done";
      readonly arguments: string;
      readonly name: string;
    } & InItem)
  | ({
      readonly type: "error";
      readonly code: string;
      readonly message: string;
      readonly param: null;
      /**
       * The same error nested, as OpenAI's servers actually send it (openai-dotnet#881); the openai-node
       * stream throws an APIError on any event with an `error` key, so a client sees the failure.
       */
      readonly error: {
        readonly type: string;
        readonly code: string;
        readonly message: string;
        readonly param: null;
      };
    } & Sequenced);
