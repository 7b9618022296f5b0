export { createParameterValue, type ParameterValueOptions } from "./create-parameter-value";
export { parameterSchemasOf } from "./parameter-schemas-of";
export { ParameterValue, type ValueNewlines, type ValueOutput } from "./parameter-value";
export { type NameMatch, type NameRules, readName } from "./read-name";
export {
  type ParameterType,
  type ResolvedParameterType,
  resolveParameterType,
} from "./resolve-parameter-type";
export { MARKUP_BLOCK_LENGTH, StringValueStream } from "./string-value-stream";
export { TypedValueBuffer } from "./typed-value-buffer";
export { isNullLiteral, type TypedParameterValue, type TypingNote, typeParameterValue } from "./value-typing";
