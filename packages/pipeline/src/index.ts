export {
  createTranscoder,
  type Transcoder,
  type TranscoderOptions,
  type TranscoderSummary,
} from "./create-transcoder";
