import { ParseResult, Schema } from "effect";
import { MAX_WORKERS } from "./config";
import { acceptedNames, REASONING_DIALECTS, TOOL_DIALECTS } from "./dialect-registry";
import { PRESET_NAMES } from "./presets";
import { suggestName } from "./suggest-name";

/**
 * One of a fixed list of names, in any case (`Qwen3.5` is `qwen3.5`); anything else is one problem (not one
 * per member) that lists them and says which was likely meant.
 */
const oneOf = <const Value extends string>(values: readonly Value[]) => {
  const expected = `Expected one of ${values.map((value) => `"${value}"`).join(" | ")}`;
  const problem = (written: unknown): string => {
    const meant = typeof written === "string" ? suggestName(written, values) : undefined;
    return meant === undefined ? expected : `Did you mean "${meant}"? ${expected}`;
  };
  return Schema.transformOrFail(
    Schema.String.annotations({ message: () => ({ message: expected, override: true }) }),
    Schema.Literal(...(values as [Value, ...Value[]])),
    {
      strict: true,
      decode: (written, _options, ast) => {
        const value = values.find((name) => name.toLowerCase() === written.toLowerCase());
        return value === undefined
          ? ParseResult.fail(new ParseResult.Type(ast, written, problem(written)))
          : ParseResult.succeed(value);
      },
      encode: ParseResult.succeed,
    },
  );
};

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

const singleBaseUrl = Schema.String.annotations({
  message: () => "Expected an http(s) URL or the word `demo`",
}).pipe(Schema.filter((text) => checkBaseUrl(text, "Expected an http(s) URL or the word `demo`")));

const replicaBaseUrl = Schema.String.annotations({ message: () => "Expected an http(s) URL" }).pipe(
  Schema.filter((text) =>
    text === "demo"
      ? "`demo` is not a replica: write base_url: demo on its own (the built-in demo is in-process)"
      : checkBaseUrl(text, "Expected an http(s) URL"),
  ),
);

const replicaBaseUrls = Schema.Array(replicaBaseUrl).pipe(
  Schema.minItems(1, { message: () => "Expected at least one URL in the list of replicas" }),
);

type WrittenBaseUrl = string | readonly string[];

/**
 * One base URL (or `demo`), or a list of replicas. Dispatched on the value's shape rather than a Union:
 * a Union reports every member's failure, so a bad list entry would also say "Expected a string".
 */
const baseUrl = Schema.declare<
  WrittenBaseUrl,
  WrittenBaseUrl,
  [typeof singleBaseUrl, typeof replicaBaseUrls]
>([singleBaseUrl, replicaBaseUrls], {
  decode: (single, list) => (input, options, ast) => {
    if (typeof input === "string") return ParseResult.decodeUnknown(single)(input, options);
    if (Array.isArray(input)) return ParseResult.decodeUnknown(list)(input, options);
    return ParseResult.fail(
      new ParseResult.Type(ast, input, "Expected an http(s) URL, the word `demo`, or a list of http(s) URLs"),
    );
  },
  encode: (single, list) => (input, options, ast) => {
    if (typeof input === "string") return ParseResult.encodeUnknown(single)(input, options);
    if (Array.isArray(input)) return ParseResult.encodeUnknown(list)(input, options);
    return ParseResult.fail(new ParseResult.Type(ast, input));
  },
});

// The gateway builds these itself; a config value would break the request or the stream.
const RESERVED_BODY_KEYS = ["model", "messages", "stream"];

// Declared, not decoded as a Record: decoding would rebuild the object and turn a `__proto__` key into a
// prototype; the expanded tree already holds every key as an own property.
const extraBody = Schema.declare(
  (value: unknown): value is { readonly [key: string]: unknown } =>
    typeof value === "object" && value !== null && !Array.isArray(value),
)
  .annotations({ message: () => "Expected a mapping of request fields" })
  .pipe(
    Schema.filter((body) => {
      const reserved = RESERVED_BODY_KEYS.filter((key) => Object.hasOwn(body, key));
      return reserved.length === 0
        ? true
        : `${reserved.join(", ")} cannot be set here: the gateway sets ${reserved.length === 1 ? "it" : "them"} (use upstream.model for the model name)`;
    }),
  );

// RFC 9110 token characters; the headers fetch computes itself (or that would desync the body) are refused.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const COMPUTED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

const headers = Schema.Record({ key: Schema.String, value: string })
  .annotations({ message: () => "Expected a mapping of header names to strings" })
  .pipe(
    Schema.filter((map) => {
      for (const [name, value] of Object.entries(map)) {
        if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name`;
        if (COMPUTED_HEADERS.has(name.toLowerCase()))
          return `"${name}" is set by the gateway for each request and cannot be configured`;
        if (/[\r\n\0]/.test(value)) return `the value of "${name}" contains a line break or NUL`;
      }
      return true;
    }),
  );

// Sent as `Authorization: Bearer …`: a line break there fails every request, so it fails the start instead.
const apiKey = string.pipe(
  Schema.filter((value) =>
    /[\r\n\0]/.test(value)
      ? "contains a line break or NUL, which the Authorization header cannot carry (a key read from a file often ends in a newline: remove it)"
      : true,
  ),
);

const mapping = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).annotations({ message: () => "Expected a mapping" });

const optional = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true });

const UpstreamFileSchema = mapping({
  base_url: baseUrl,
  model: optional(nonEmptyString),
  api_key: optional(apiKey),
  timeout_ms: optional(positiveInteger),
  idle_timeout_ms: optional(positiveInteger),
  reasoning_field: optional(oneOf(["reasoning", "reasoning_content"])),
  extra_body: optional(extraBody),
  headers: optional(headers),
});

const ModelFileSchema = mapping({
  name: nonEmptyString,
  aliases: optional(listOfNonEmptyStrings),
  preset: optional(oneOf(PRESET_NAMES)),
  reasoning_parser: optional(oneOf([...acceptedNames(REASONING_DIALECTS), "none"])),
  tool_parser: optional(oneOf([...acceptedNames(TOOL_DIALECTS), "none"])),
  thinking: optional(oneOf(["request", "on", "off"])),
  thinking_kwarg: optional(oneOf(["enable_thinking", "thinking", "thinking_mode", "none"])),
  max_output_tokens: optional(positiveInteger),
  context_window: optional(positiveInteger),
  upstream: UpstreamFileSchema,
});

const ServerFileSchema = mapping({
  host: optional(nonEmptyString),
  port: optional(integerBetween(0, 65535)),
  api_keys: optional(listOfNonEmptyStrings),
  max_body_bytes: optional(positiveInteger),
  max_inflight_body_bytes: optional(positiveInteger),
  max_answer_bytes: optional(positiveInteger),
  drain_timeout_ms: optional(positiveInteger),
  record_dir: optional(nonEmptyString),
  record_max_bytes: optional(positiveInteger),
  console: optional(Schema.Boolean.annotations({ message: () => "Expected true or false" })),
  console_max_exchanges: optional(positiveInteger),
  console_max_bytes: optional(positiveInteger),
  workers: optional(
    Schema.Union(integerBetween(1, MAX_WORKERS), Schema.Literal("auto")).annotations({
      message: () => ({
        message: `Expected an integer between 1 and ${MAX_WORKERS}, or "auto"`,
        override: true,
      }),
    }),
  ),
});

/** The config file as written (docs/config.md §1): snake_case keys, no defaults applied. */
export const ConfigFileSchema = mapping({
  server: optional(ServerFileSchema),
  models: Schema.Array(ModelFileSchema)
    .annotations({ message: () => "Expected a list of models" })
    .pipe(Schema.minItems(1, { message: () => "Expected at least one model" })),
});

export type ConfigFile = typeof ConfigFileSchema.Type;
export type ModelFile = ConfigFile["models"][number];

/**
 * `base_url` is where `/chat/completions` is appended: an http(s) URL without credentials in it (they
 * would be echoed in every error message) and without the endpoint path itself. Messages say what to
 * write instead and never repeat a password. A replica in a list is checked the same way (`expected`
 * then leaves `demo` out).
 */
function checkBaseUrl(text: string, expected: string): true | string {
  if (text === "demo") return true;
  if (!URL.canParse(text)) return expected;
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") return expected;
  if (url.username !== "" || url.password !== "")
    return "Remove the user:password@ part of the URL: put the upstream's key in upstream.api_key (sent as a Bearer token) or in upstream.headers";
  const path = url.pathname.replace(/\/+$/, "");
  if (/\/chat\/completions$/i.test(path)) {
    url.pathname = path.slice(0, -"/chat/completions".length) || "/";
    return `Drop /chat/completions: write ${url.href.replace(/\/+$/, "")} (the gateway appends /chat/completions itself)`;
  }
  return true;
}
