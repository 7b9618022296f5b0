import { Schema } from "effect";
import { PRESET_NAMES, REASONING_PARSER_NAMES, TOOL_PARSER_NAMES } from "./presets";

/** One of a fixed list of strings, reported as one problem (not one per member). */
const oneOf = <const Value extends string>(values: readonly Value[]) =>
  Schema.Literal(...(values as [Value, ...Value[]])).annotations({
    message: () => ({
      message: `Expected one of ${values.map((value) => `"${value}"`).join(" | ")}`,
      override: true,
    }),
  });

const integerBetween = (minimum: number, maximum: number) =>
  Schema.Number.pipe(Schema.int(), Schema.between(minimum, maximum)).annotations({
    message: () => ({ message: `Expected an integer between ${minimum} and ${maximum}`, override: true }),
  });

const positiveInteger = Schema.Number.pipe(Schema.int(), Schema.positive()).annotations({
  message: () => ({ message: "Expected a positive integer", override: true }),
});

const nonEmptyString = Schema.String.pipe(Schema.minLength(1)).annotations({
  message: () => ({ message: "Expected a non-empty string", override: true }),
});

const listOfNonEmptyStrings = Schema.Array(nonEmptyString).annotations({
  message: () => "Expected a list of non-empty strings",
});

const string = Schema.String.annotations({ message: () => "Expected a string" });

const isBaseUrl = (text: string): boolean => {
  if (text === "demo") return true;
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === "http:" || protocol === "https:";
};

const baseUrl = Schema.String.pipe(Schema.filter(isBaseUrl)).annotations({
  message: () => ({ message: "Expected an http(s) URL or the word `demo`", override: true }),
});

const mapping = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).annotations({ message: () => "Expected a mapping" });

const optional = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true });

const UpstreamFileSchema = mapping({
  base_url: baseUrl,
  model: optional(nonEmptyString),
  api_key: optional(string),
  timeout_ms: optional(positiveInteger),
  idle_timeout_ms: optional(positiveInteger),
  reasoning_field: optional(oneOf(["reasoning", "reasoning_content"])),
});

const ModelFileSchema = mapping({
  name: nonEmptyString,
  aliases: optional(listOfNonEmptyStrings),
  preset: optional(oneOf(PRESET_NAMES)),
  reasoning_parser: optional(oneOf([...REASONING_PARSER_NAMES, "none"])),
  tool_parser: optional(oneOf([...TOOL_PARSER_NAMES, "none"])),
  thinking: optional(oneOf(["request", "on", "off"])),
  max_output_tokens: optional(positiveInteger),
  upstream: UpstreamFileSchema,
});

const ServerFileSchema = mapping({
  host: optional(nonEmptyString),
  port: optional(integerBetween(0, 65535)),
  api_keys: optional(listOfNonEmptyStrings),
  max_body_bytes: optional(positiveInteger),
});

/** The config file as written (GATEWAY.md §Config): snake_case keys, no defaults applied. */
export const ConfigFileSchema = mapping({
  server: optional(ServerFileSchema),
  models: Schema.Array(ModelFileSchema)
    .annotations({ message: () => "Expected a list of models" })
    .pipe(Schema.minItems(1, { message: () => "Expected at least one model" })),
});

export type ConfigFile = typeof ConfigFileSchema.Type;
export type ModelFile = ConfigFile["models"][number];
