export { checkMessageStream, checkSseFraming } from "./check-message-stream";
export { parseSse, type SseMessage } from "./parse-sse";
export { readRecording, toSseEvents } from "./upstream-recording";
export { type ReplayResult, replayUpstream, byteChunkings } from "./replay-upstream";
