/**
 * The events the pipeline emits and every surface's encoder takes, and the error object an `error` event
 * carries. The gateway names them only through here, so the event model's own package is one line away.
 */
export type {
  ContentBlockDelta as PipelineDelta,
  ErrorObject as PipelineError,
  ErrorType as PipelineErrorType,
  MessageStreamEvent as PipelineEvent,
} from "@sluice/protocol-anthropic";
/** Every error type an `error` event may carry (the metrics count these, and `other`). */
export { ERROR_TYPES as PIPELINE_ERROR_TYPES } from "@sluice/protocol-anthropic";
