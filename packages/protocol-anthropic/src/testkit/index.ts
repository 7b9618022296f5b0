export { type BlockSpec, buildEvents, type StreamSpec } from "./build-events";
