export { type BlockSpec, buildStreamEvents, type StreamSpec } from "./build-stream-events";
export { checkStreamEvents, type StreamCheckOptions } from "./check-stream-events";
