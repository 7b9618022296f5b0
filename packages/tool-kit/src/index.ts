export {
  type ArgumentsWarning,
  argumentsOutcomeWarnings,
  unterminatedCallWarning,
} from "./arguments-outcome-warnings";
export { createParameterValue, type ParameterValueOptions } from "./create-parameter-value";
export { decideMadeUpKey, type MadeUpKeyDecision, type MadeUpKeyTags } from "./decide-made-up-key";
export {
  decideValueTag,
  type LiteralDepths,
  type ValueTag,
  type ValueTagContext,
  type ValueTagDecision,
  type ValueTagRole,
  type ValueTagRules,
} from "./decide-value-tag";
export { HeldParameterValue, parseJsonValue } from "./held-parameter-value";
export { isAllWhitespace } from "./is-all-whitespace";
export {
  type JsonArgumentsOutcome,
  type JsonArgumentsStatus,
  JsonArgumentsStream,
} from "./json-arguments-stream";
export { type JsonPrefixStatus, JsonPrefixValidator } from "./json-prefix-validator";
export type { CallHeaderMatch, JsonToolCallGrammar } from "./json-tool-call-grammar";
export { JsonToolCallParser } from "./json-tool-call-parser";
export { type Follow, type Follower, matchFollow } from "./match-follow";
export { matchTaggedCallStart, type TaggedCallOpening } from "./match-tagged-call-start";
export { parameterSchemasOf } from "./parameter-schemas-of";
export { ParameterValue, type ValueNewlines, type ValueOutput } from "./parameter-value";
export { type NameMatch, type NameRules, readName } from "./read-name";
export { repairStreamedArguments, type StreamedArgumentsRepair } from "./repair-streamed-arguments";
export {
  type ParameterType,
  type ResolvedParameterType,
  resolveParameterType,
} from "./resolve-parameter-type";
export { skipWhitespace } from "./skip-whitespace";
export { MARKUP_BLOCK_LENGTH, StringValueStream } from "./string-value-stream";
export type {
  CallStartForm,
  CallStartMatch,
  MissingCallClose,
  TagCallGrammar,
  ValueCloseMatch,
} from "./tag-call-grammar";
export { TagCallParser } from "./tag-call-parser";
export { type OpenParameters, TagGrammarValueRules } from "./tag-grammar-value-rules";
export { type CreateValue, TaggedCallWriter, type ValueSlot } from "./tagged-call-writer";
export { TextAfterCalls } from "./text-after-calls";
export { TypedValueBuffer } from "./typed-value-buffer";
export { isNullLiteral, type TypedParameterValue, type TypingNote, typeParameterValue } from "./value-typing";
