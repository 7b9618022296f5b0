export { checkMessageStream, checkSseFraming } from "./check-message-stream";
export { fetchCutRandomly } from "./fetch-cut-randomly";
export { fragmentChunkings } from "./fragment-chunkings";
export { fromAnthropicEvents } from "./from-anthropic-events";
export { parseSse, type SseMessage } from "./parse-sse";
export { byteChunkings, type ReplayResult, replayUpstream } from "./replay-upstream";
export { type Block, eventsOf, optionsFor, type Scenario, scenarios, withoutIds } from "./scenarios";
export { readRecording, toSseEvents } from "./upstream-recording";
