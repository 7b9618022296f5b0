export {
  CHANNEL_CLOSE,
  CHANNEL_OPEN,
  gemma4Policy,
  gemma4ReasoningDialect,
  THOUGHT_LABEL,
} from "./gemma4-reasoning-dialect";
