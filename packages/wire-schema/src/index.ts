export { formatParseError, type ParseErrorOptions } from "./format-parse-error";
export {
  expected,
  expectedShape,
  JsonObject,
  OtherFields,
  optionalField,
  WireBoolean,
  WireInteger,
  WireNumber,
  WirePositiveInteger,
  WireString,
} from "./wire-primitives";
