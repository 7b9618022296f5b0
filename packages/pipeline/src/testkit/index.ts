export { checkMessageStream, checkSseFraming } from "./check-message-stream";
export { fetchCutRandomly } from "./fetch-cut-randomly";
export { fragmentChunkings } from "./fragment-chunkings";
export { fromAnthropicEvents } from "./from-anthropic-events";
export { parseSse, type SseMessage } from "./parse-sse";
export { byteChunkings, type ReplayResult, replayUpstream } from "./replay-upstream";
export {
  type Block,
  createScenarios,
  eventsOf,
  optionsFor,
  type Scenario,
  type ScenarioDialects,
  withoutIds,
} from "./scenarios";
export { readRecording, toSseEvents } from "./upstream-recording";
