export { MAX_HEADER_LENGTH } from "./harmony-limits";
export { type HarmonyEvents, HarmonyReader, type NotAHeaderReason } from "./harmony-reader";
export { harmonyReasoningDialect } from "./harmony-reasoning-dialect";
export { HarmonyReasoningParser } from "./harmony-reasoning-parser";
export {
  CALL,
  CHANNEL,
  CONSTRAIN,
  END,
  HARMONY_TOKENS,
  MESSAGE,
  RETURN,
  ROLE_RECIPIENT,
  START,
} from "./harmony-tokens";
export {
  functionNameOf,
  type HarmonyHeader,
  isReasoningHeader,
  parseHarmonyHeader,
} from "./parse-harmony-header";
