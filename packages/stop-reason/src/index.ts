export { mapStopReason, type StopOutcome, type StopReasonInput } from "./map-stop-reason";
export { type OpenAIFinishReason, toOpenAIFinishReason } from "./to-openai-finish-reason";
export { upstreamErrorType } from "./upstream-error-type";
