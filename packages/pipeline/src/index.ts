export {
  type AnthropicTranscoder,
  createAnthropicTranscoder,
  type TranscoderOptions,
  type TranscoderSummary,
} from "./anthropic-transcoder";
