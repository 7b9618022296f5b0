export {
  type BlockCounts,
  type BlockSequencer,
  type BlockSequencerOptions,
  createBlockSequencer,
  DEFAULT_THINKING_SIGNATURE,
} from "./create-block-sequencer";
export { SEQUENCER_WARNING_CODE } from "./sequencer-warning-code";
