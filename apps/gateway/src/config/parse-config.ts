import { availableParallelism } from "node:os";
import { Either, ParseResult, Schema } from "effect";
import { parseDocument, type YAMLError } from "yaml";
import {
  type Config,
  DEFAULT_CONSOLE_MAX_BYTES,
  DEFAULT_CONSOLE_MAX_EXCHANGES,
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_INFLIGHT_BODY_BYTES,
  DEFAULT_PORT,
  DEFAULT_RECORD_MAX_BYTES,
  MAX_WORKERS,
  type ModelConfig,
} from "./config";
import { ConfigError } from "./config-error";
import { type ConfigFile, ConfigFileSchema, type ModelFile } from "./config-file-schema";
import { configWarnings } from "./config-warnings";
import { findReasoningDialect, findToolDialect } from "./dialect-registry";
import { expandEnv, formatEnvProblem } from "./expand-env";
import { formatPath } from "./format-path";
import { suggestName } from "./suggest-name";

export type Environment = Readonly<Record<string, string | undefined>>;

const decodeConfigFile = Schema.decodeUnknownEither(ConfigFileSchema, {
  errors: "all",
  // A typo (`api_key` for `api_keys`, `base_ur1`) must not pass silently.
  onExcessProperty: "error",
});

/**
 * Parses and validates config YAML. `${VAR}` expands from `env`; `SLUICE_API_KEYS` (comma-separated)
 * adds API keys. Throws a `ConfigError` listing every problem with its path.
 */
export function parseConfig(text: string, env: Environment = process.env, source = "(inline)"): Config {
  // logLevel silent: packages never log; every YAML problem is in `document.errors`.
  const document = parseDocument(text, { logLevel: "silent", prettyErrors: true });
  if (document.errors.length > 0) throw new ConfigError(source, document.errors.map(yamlProblem));
  const expanded = expandEnv(document.toJS({ maxAliasCount: 100 }), env);
  const problems = expanded.problems.map(formatEnvProblem);
  // A value whose variable is unset was already reported; its schema failure would be noise.
  const reportedPaths = new Set(expanded.problems.map((problem) => formatPath(problem.path)));

  const decoded = decodeConfigFile(expanded.value);
  if (Either.isLeft(decoded)) {
    for (const issue of ParseResult.ArrayFormatter.formatErrorSync(decoded.left)) {
      const path = formatPath(issue.path);
      if (!reportedPaths.has(path)) problems.push(`${path}: ${issueMessage(issue)}`);
    }
  } else {
    problems.push(...duplicateNameProblems(decoded.right));
  }
  if (problems.length > 0 || Either.isLeft(decoded)) throw new ConfigError(source, problems);
  return toConfig(decoded.right, env);
}

/** What `yaml` says to fix, for the code it names, when its own message does not say it. */
const YAML_FIXES: Readonly<Record<string, string>> = {
  TAB_AS_INDENT: "indent with spaces",
  DUPLICATE_KEY: "keep one of them",
};

/**
 * `line 5, column 1: Tabs are not allowed as indentation; indent with spaces`: the position first, as a
 * path is for the other problems, and no excerpt (`yaml`'s pretty message ends its first line in a colon
 * before one).
 */
function yamlProblem(error: YAMLError): string {
  const text = error.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? error.message;
  const fix = YAML_FIXES[error.code];
  const at = error.linePos?.[0];
  return `${at === undefined ? "" : `line ${at.line}, column ${at.col}: `}${text}${fix === undefined ? "" : `; ${fix}`}`;
}

function issueMessage(issue: ParseResult.ArrayFormatterIssue): string {
  if (issue._tag === "Unexpected") {
    const allowed = issue.message.replace(/^is unexpected, expected: /, "");
    const key = String(issue.path.at(-1) ?? "");
    const meant = suggestName(
      key,
      Array.from(allowed.matchAll(/"([^"]*)"/g), (match) => match[1] ?? ""),
    );
    return `Unknown key${meant === undefined ? "" : `; did you mean "${meant}"?`} (allowed: ${allowed})`;
  }
  if (issue._tag === "Missing") return "Required";
  return issue.message;
}

function duplicateNameProblems(file: ConfigFile): string[] {
  const firstIndex = new Map<string, number>();
  const problems: string[] = [];
  file.models.forEach((model, index) => {
    const previous = firstIndex.get(model.name);
    if (previous === undefined) firstIndex.set(model.name, index);
    else
      problems.push(`models.${index}.name: Duplicate model name "${model.name}" (also models.${previous})`);
  });
  return problems;
}

function toConfig(file: ConfigFile, env: Environment): Config {
  const environmentKeys = (env.SLUICE_API_KEYS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "");
  const models = file.models.map(toModelConfig);
  return {
    server: {
      host: file.server?.host ?? DEFAULT_HOST,
      port: file.server?.port ?? DEFAULT_PORT,
      apiKeys: [...new Set([...(file.server?.api_keys ?? []), ...environmentKeys])],
      maxBodyBytes: file.server?.max_body_bytes ?? DEFAULT_MAX_BODY_BYTES,
      maxInflightBodyBytes: file.server?.max_inflight_body_bytes ?? DEFAULT_MAX_INFLIGHT_BODY_BYTES,
      maxAnswerBytes: file.server?.max_answer_bytes ?? DEFAULT_MAX_ANSWER_BYTES,
      drainTimeoutMs: file.server?.drain_timeout_ms ?? DEFAULT_DRAIN_TIMEOUT_MS,
      ...(file.server?.record_dir === undefined ? {} : { recordDir: file.server.record_dir }),
      recordMaxBytes: file.server?.record_max_bytes ?? DEFAULT_RECORD_MAX_BYTES,
      console: file.server?.console ?? false,
      consoleMaxExchanges: file.server?.console_max_exchanges ?? DEFAULT_CONSOLE_MAX_EXCHANGES,
      consoleMaxBytes: file.server?.console_max_bytes ?? DEFAULT_CONSOLE_MAX_BYTES,
      workers: resolveWorkers(file.server?.workers),
    },
    models,
    warnings: configWarnings(models, file),
  };
}

function toModelConfig(model: ModelFile): ModelConfig {
  const { upstream } = model;
  return {
    name: model.name,
    aliases: model.aliases ?? [],
    ...(model.preset === undefined ? {} : { preset: model.preset }),
    ...(model.reasoning_parser === undefined
      ? {}
      : { reasoningParser: dialectId(model.reasoning_parser, findReasoningDialect) }),
    ...(model.tool_parser === undefined ? {} : { toolParser: dialectId(model.tool_parser, findToolDialect) }),
    thinking: model.thinking ?? "request",
    ...(model.thinking_kwarg === undefined ? {} : { thinkingKwarg: model.thinking_kwarg }),
    ...(model.max_output_tokens === undefined ? {} : { maxOutputTokens: model.max_output_tokens }),
    ...(model.context_window === undefined ? {} : { contextWindow: model.context_window }),
    upstream: {
      baseUrls: baseUrlsOf(upstream.base_url),
      model: upstream.model ?? model.name,
      ...(upstream.api_key === undefined ? {} : { apiKey: upstream.api_key }),
      ...(upstream.timeout_ms === undefined ? {} : { timeoutMs: upstream.timeout_ms }),
      ...(upstream.idle_timeout_ms === undefined ? {} : { idleTimeoutMs: upstream.idle_timeout_ms }),
      reasoningField: upstream.reasoning_field ?? "reasoning",
      ...(upstream.extra_body === undefined ? {} : { extraBody: upstream.extra_body }),
      ...(upstream.headers === undefined ? {} : { headers: upstream.headers }),
    },
  };
}

/** The written `base_url` (one or a list) as the list of replicas; the schema guarantees a non-empty list. */
function baseUrlsOf(written: string | readonly string[]): readonly [string, ...string[]] {
  const [first = "", ...rest] = typeof written === "string" ? [written] : written;
  // `http://host/v1/` and `http://host/v1` name the same base; callers append `/chat/completions`.
  const trimmed = (url: string): string => (url === "demo" ? url : url.replace(/\/+$/, ""));
  return [trimmed(first), ...rest.map(trimmed)];
}

/** A peer's name for a dialect → ours (`qwen3_coder` → `qwen_xml`); `none` stays `none`. */
function dialectId(name: string, find: (name: string) => { readonly id: string } | undefined): string {
  return name === "none" ? name : (find(name)?.id ?? name);
}

/** `server.workers`: absent is one process; `auto` one per core this process may use (at most MAX_WORKERS). */
function resolveWorkers(workers: number | "auto" | undefined): number {
  if (workers === undefined) return 1;
  return workers === "auto" ? Math.min(availableParallelism(), MAX_WORKERS) : workers;
}
