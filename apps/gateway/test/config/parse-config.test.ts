// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is the config syntax under test.
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import {
  acceptedNames,
  ConfigError,
  PRESET_NAMES,
  parseConfig,
  REASONING_DIALECTS,
  TOOL_DIALECTS,
} from "../../src/config";

/** The error lists every valid name, read from the registry and the presets. */
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(" | ");

const MINIMAL = `
models:
  - name: qwen3.5
    upstream:
      base_url: demo
`;

/** The ConfigError's problems for `text` (fails the test when it parses). */
function problemsOf(text: string, env: Record<string, string> = {}): readonly string[] {
  try {
    parseConfig(text, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

const withModel = (modelLines: string, serverLines = "") =>
  `${serverLines}\nmodels:\n  - name: m\n${modelLines}`;

describe("parseConfig: defaults", () => {
  it("fills server defaults and model defaults", () => {
    const config = parseConfig(MINIMAL, {});
    expect(config.server).toEqual({
      host: "127.0.0.1",
      port: 8080,
      apiKeys: [],
      maxBodyBytes: 33554432,
      maxInflightBodyBytes: 268435456,
      maxAnswerBytes: 16777216,
      drainTimeoutMs: 30000,
      recordMaxBytes: 8388608,
      console: false,
      consoleMaxExchanges: 1000,
      consoleMaxBytes: 67108864,
      workers: 1,
    });
    expect(config.models).toEqual([
      {
        name: "qwen3.5",
        aliases: [],
        thinking: "request",
        upstream: { baseUrls: ["demo"], model: "qwen3.5", reasoningField: "reasoning" },
      },
    ]);
  });

  it("reads every field", () => {
    const config = parseConfig(
      `
server:
  host: 0.0.0.0
  port: 9000
  api_keys: [k1, k2]
  max_body_bytes: 1024
  max_inflight_body_bytes: 4096
  max_answer_bytes: 2048
  drain_timeout_ms: 5000
  record_dir: ./recordings
  record_max_bytes: 65536
  console: true
  console_max_exchanges: 50
  console_max_bytes: 1048576
models:
  - name: qwen3.5
    aliases: ["claude-*", "gpt-?"]
    preset: qwen3.5
    reasoning_parser: deepseek_r1
    tool_parser: hermes
    thinking: on
    thinking_kwarg: thinking
    max_output_tokens: 8192
    context_window: 65536
    upstream:
      base_url: http://127.0.0.1:8000/v1/
      model: Qwen/Qwen3.5-122B-A10B
      api_key: secret
      timeout_ms: 600000
      idle_timeout_ms: 120000
      reasoning_field: reasoning_content
      extra_body:
        top_k: 20
        chat_template_kwargs: {preserve_thinking: true}
      headers: {x-tenant: team-7}
`,
      {},
    );
    expect(config).toEqual({
      server: {
        host: "0.0.0.0",
        port: 9000,
        apiKeys: ["k1", "k2"],
        maxBodyBytes: 1024,
        maxInflightBodyBytes: 4096,
        maxAnswerBytes: 2048,
        drainTimeoutMs: 5000,
        recordDir: "./recordings",
        recordMaxBytes: 65536,
        console: true,
        consoleMaxExchanges: 50,
        consoleMaxBytes: 1048576,
        workers: 1,
      },
      models: [
        {
          name: "qwen3.5",
          aliases: ["claude-*", "gpt-?"],
          preset: "qwen3.5",
          reasoningParser: "deepseek_r1",
          toolParser: "hermes",
          thinking: "on",
          thinkingKwarg: "thinking",
          maxOutputTokens: 8192,
          contextWindow: 65536,
          upstream: {
            baseUrls: ["http://127.0.0.1:8000/v1"],
            model: "Qwen/Qwen3.5-122B-A10B",
            apiKey: "secret",
            timeoutMs: 600000,
            idleTimeoutMs: 120000,
            reasoningField: "reasoning_content",
            extraBody: { top_k: 20, chat_template_kwargs: { preserve_thinking: true } },
            headers: { "x-tenant": "team-7" },
          },
        },
      ],
      warnings: [],
    });
  });

  it("reads thinking: off as the word, not a YAML 1.1 boolean", () => {
    const config = parseConfig(withModel("    thinking: off\n    upstream: {base_url: demo}"), {});
    expect(config.models[0]?.thinking).toBe("off");
  });

  it("accepts port 0 (pick a free port)", () => {
    expect(parseConfig(`server: {port: 0}\n${MINIMAL}`, {}).server.port).toBe(0);
  });
});

describe("parseConfig: environment", () => {
  it("expands ${VAR} anywhere in a string value", () => {
    const config = parseConfig(
      withModel("    upstream:\n      base_url: http://${HOST}:8000/v1\n      api_key: ${VLLM_API_KEY}"),
      { HOST: "gpu1", VLLM_API_KEY: "sk-1" },
    );
    expect(config.models[0]?.upstream).toMatchObject({ baseUrls: ["http://gpu1:8000/v1"], apiKey: "sk-1" });
  });

  it("reports an unset variable with its name and path, once", () => {
    expect(
      problemsOf(withModel("    upstream:\n      base_url: ${BASE}\n      api_key: ${VLLM_API_KEY}"), {}),
    ).toEqual([
      "models.0.upstream.base_url: Environment variable BASE is not set",
      "models.0.upstream.api_key: Environment variable VLLM_API_KEY is not set",
    ]);
  });

  it("takes an empty variable as set", () => {
    const config = parseConfig(withModel("    upstream:\n      base_url: demo\n      api_key: ${EMPTY}"), {
      EMPTY: "",
    });
    expect(config.models[0]?.upstream.apiKey).toBe("");
  });

  it("keeps $${VAR} as a literal ${VAR}", () => {
    const config = parseConfig(withModel("    upstream:\n      base_url: demo\n      api_key: a$${B}c"), {});
    expect(config.models[0]?.upstream.apiKey).toBe("a${B}c");
  });

  it("reports a malformed reference", () => {
    expect(problemsOf(withModel("    upstream:\n      base_url: demo\n      api_key: ${1X}"))).toEqual([
      "models.0.upstream.api_key: Invalid environment variable reference ${1X}",
    ]);
  });

  it("does not read inherited properties of the environment object", () => {
    expect(problemsOf(withModel("    upstream:\n      base_url: demo\n      api_key: ${toString}"))).toEqual([
      "models.0.upstream.api_key: Environment variable toString is not set",
    ]);
  });

  it("adds SLUICE_API_KEYS (comma-separated, trimmed, deduplicated) to server.api_keys", () => {
    const config = parseConfig(`server:\n  api_keys: [k1]\n${MINIMAL}`, { SLUICE_API_KEYS: " k2, ,k1,k3 " });
    expect(config.server.apiKeys).toEqual(["k1", "k2", "k3"]);
    expect(parseConfig(MINIMAL, { SLUICE_API_KEYS: "only" }).server.apiKeys).toEqual(["only"]);
  });
});

describe("parseConfig: server.workers", () => {
  it("is one process by default, a number as written, and one per available core for auto", () => {
    expect(parseConfig(MINIMAL).server.workers).toBe(1);
    expect(parseConfig(`server:\n  workers: 3\n${MINIMAL}`).server.workers).toBe(3);
    expect(parseConfig(`server:\n  workers: auto\n${MINIMAL}`).server.workers).toBe(
      Math.min(availableParallelism(), 64),
    );
  });
});

describe("parseConfig: invalid files", () => {
  it.each([
    ["server:\n  port: 70000", "server.port: Expected an integer between 0 and 65535"],
    ["server:\n  port: 80.5", "server.port: Expected an integer between 0 and 65535"],
    ["server:\n  port: eighty", "server.port: Expected an integer between 0 and 65535"],
    ["server:\n  host: ''", "server.host: Expected a non-empty string"],
    ["server:\n  api_keys: k1", "server.api_keys: Expected a list of non-empty strings"],
    ["server:\n  api_keys: ['']", "server.api_keys.0: Expected a non-empty string"],
    ["server:\n  max_body_bytes: 0", "server.max_body_bytes: Expected a positive integer"],
    ["server:\n  workers: 0", 'server.workers: Expected an integer between 1 and 64, or "auto"'],
    ["server:\n  workers: 65", 'server.workers: Expected an integer between 1 and 64, or "auto"'],
    ["server:\n  workers: all", 'server.workers: Expected an integer between 1 and 64, or "auto"'],
    ["server: 3", "server: Expected a mapping"],
  ])("server: %j", (serverLines, problem) => {
    expect(problemsOf(`${serverLines}\n${MINIMAL}`)).toEqual([problem]);
  });

  it.each([
    [
      "    upstream: {base_url: 'localhost:8000'}",
      "models.0.upstream.base_url: Expected an http(s) URL or the word `demo`",
    ],
    [
      "    upstream: {base_url: 'ftp://host/v1'}",
      "models.0.upstream.base_url: Expected an http(s) URL or the word `demo`",
    ],
    ["    upstream: {}", "models.0.upstream.base_url: Required"],
    [
      "    preset: qwen4\n    upstream: {base_url: demo}",
      `models.0.preset: Did you mean "qwen3"? Expected one of ${quoted(PRESET_NAMES)}`,
    ],
    [
      "    reasoning_parser: qwen\n    upstream: {base_url: demo}",
      `models.0.reasoning_parser: Did you mean "qwen3"? Expected one of ${quoted([...acceptedNames(REASONING_DIALECTS), "none"])}`,
    ],
    [
      "    tool_parser: json\n    upstream: {base_url: demo}",
      `models.0.tool_parser: Expected one of ${quoted([...acceptedNames(TOOL_DIALECTS), "none"])}`,
    ],
    [
      "    thinking: true\n    upstream: {base_url: demo}",
      'models.0.thinking: Expected one of "request" | "on" | "off"',
    ],
    [
      "    max_output_tokens: -1\n    upstream: {base_url: demo}",
      "models.0.max_output_tokens: Expected a positive integer",
    ],
    [
      "    context_window: 64k\n    upstream: {base_url: demo}",
      "models.0.context_window: Expected a positive integer",
    ],
    [
      "    aliases: claude-*\n    upstream: {base_url: demo}",
      "models.0.aliases: Expected a list of non-empty strings",
    ],
    [
      "    upstream: {base_url: demo, timeout_ms: 0}",
      "models.0.upstream.timeout_ms: Expected a positive integer",
    ],
    [
      "    upstream: {base_url: demo, idle_timeout_ms: 1.5}",
      "models.0.upstream.idle_timeout_ms: Expected a positive integer",
    ],
    [
      "    upstream: {base_url: demo, reasoning_field: thoughts}",
      'models.0.upstream.reasoning_field: Expected one of "reasoning" | "reasoning_content"',
    ],
    ["    upstream: {base_url: demo, model: ''}", "models.0.upstream.model: Expected a non-empty string"],
    ["    upstream: {base_url: demo, api_key: 42}", "models.0.upstream.api_key: Expected a string"],
    ["    upstream: demo", "models.0.upstream: Expected a mapping"],
  ])("model: %j", (modelLines, problem) => {
    expect(problemsOf(withModel(modelLines))).toEqual([problem]);
  });

  it("requires at least one model, each with a name and an upstream", () => {
    expect(problemsOf("server: {}")).toEqual(["models: Required"]);
    expect(problemsOf("models: []")).toEqual(["models: Expected at least one model"]);
    expect(problemsOf("models:\n  - aliases: [x]")).toEqual([
      "models.0.name: Required",
      "models.0.upstream: Required",
    ]);
    expect(problemsOf("models:\n  name: m")).toEqual(["models: Expected a list of models"]);
    expect(problemsOf("models:\n  - m")).toEqual(["models.0: Expected a mapping"]);
  });

  it("rejects an empty file and a non-mapping root", () => {
    expect(problemsOf("")).toEqual(["(root): Expected a mapping"]);
    expect(problemsOf("- a\n- b")).toEqual(["(root): Expected a mapping"]);
  });

  it("rejects unknown keys with their path, including a typo of a known key", () => {
    const problems = problemsOf(
      `server:\n  api_key: k1\nmodels:\n  - name: m\n    alias: [x]\n    upstream: {base_ur1: demo}\nlogging: on`,
    );
    expect(problems).toHaveLength(5);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^logging: Unknown key \(allowed: "server" \| "models"\)$/),
        expect.stringMatching(/^server\.api_key: Unknown key/),
        expect.stringMatching(/^models\.0\.alias: Unknown key/),
        expect.stringMatching(/^models\.0\.upstream\.base_ur1: Unknown key/),
        "models.0.upstream.base_url: Required",
      ]),
    );
  });

  it("rejects a __proto__ key instead of touching the prototype", () => {
    const problems = problemsOf(`__proto__: {polluted: true}\n${MINIMAL}`);
    expect(problems).toEqual([expect.stringMatching(/^__proto__: Unknown key/)]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reports every problem together, each with its path", () => {
    const problems = problemsOf(
      `
server:
  port: 99999
  max_body_bytes: big
models:
  - name: a
    thinking: maybe
    upstream:
      base_url: nowhere
      api_key: \${MISSING_KEY}
  - name: a
    upstream: {base_url: demo}
`,
    );
    expect(problems).toEqual([
      "models.0.upstream.api_key: Environment variable MISSING_KEY is not set",
      "server.port: Expected an integer between 0 and 65535",
      "server.max_body_bytes: Expected a positive integer",
      'models.0.thinking: Expected one of "request" | "on" | "off"',
      "models.0.upstream.base_url: Expected an http(s) URL or the word `demo`",
    ]);
  });

  it("rejects duplicate model names, naming both", () => {
    expect(
      problemsOf(
        `${MINIMAL}  - name: other\n    upstream: {base_url: demo}\n  - name: qwen3.5\n    upstream: {base_url: demo}`,
      ),
    ).toEqual(['models.2.name: Duplicate model name "qwen3.5" (also models.0)']);
  });

  it("reports YAML syntax errors with their position", () => {
    const problems = problemsOf("models:\n  - name: [unclosed\n");
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^line \d+, column \d+: \S/);
  });

  it("says what to do about a tab, in a sentence that ends", () => {
    expect(
      problemsOf("models:\n  - name: a\n    upstream:\n      base_url: demo\n\tpreset: qwen3.5\n"),
    ).toEqual(["line 5, column 1: Tabs are not allowed as indentation; indent with spaces"]);
  });

  it("takes preset, parser and switch names in any case", () => {
    const [model] = parseConfig(
      withModel(
        "    preset: Qwen3.5\n    tool_parser: Hermes\n    reasoning_parser: QWEN3\n    thinking: Off\n    upstream: {base_url: demo, reasoning_field: Reasoning_Content}",
      ),
      {},
    ).models;
    expect(model).toMatchObject({
      preset: "qwen3.5",
      toolParser: "hermes",
      reasoningParser: "qwen3",
      thinking: "off",
      upstream: { reasoningField: "reasoning_content" },
    });
  });

  it.each([
    ["    preset: qwen35", 'models.0.preset: Did you mean "qwen3.5"?'],
    ["    preset: glm4.7", 'models.0.preset: Did you mean "glm-4.7"?'],
    ["    tool_parser: qwen3-coder", 'models.0.tool_parser: Did you mean "qwen3_coder"?'],
    ["    tool_call_parser: hermes", 'models.0.tool_call_parser: Unknown key; did you mean "tool_parser"?'],
    ["    max_tokens: 8192", 'models.0.max_tokens: Unknown key; did you mean "max_output_tokens"?'],
    ["    alias: [x]", 'models.0.alias: Unknown key; did you mean "aliases"?'],
  ])("suggests the name %j was meant to be", (modelLine, start) => {
    const [problem] = problemsOf(withModel(`${modelLine}\n    upstream: {base_url: demo}`));
    expect(problem?.startsWith(start), problem).toBe(true);
  });

  it("suggests nothing when no name is near", () => {
    const [problem] = problemsOf(withModel("    preset: llama\n    upstream: {base_url: demo}"));
    expect(problem).toBe(`models.0.preset: Expected one of ${quoted(PRESET_NAMES)}`);
  });

  it("rejects duplicate YAML keys", () => {
    expect(problemsOf(`server: {port: 1, port: 2}\n${MINIMAL}`)[0]).toMatch(/unique/i);
  });

  it("names the source in the error message and lists each problem", () => {
    try {
      parseConfig("models: []", {}, "sluice.yaml");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError)._tag).toBe("ConfigError");
      expect((error as Error).message).toBe(
        "Invalid config sluice.yaml:\n  - models: Expected at least one model",
      );
    }
  });
});

describe("parseConfig: the peers' parser names", () => {
  it.each(["qwen3_coder", "qwen3_xml", "qwen35coder"])("reads tool_parser: %s as qwen_xml", (name) => {
    const config = parseConfig(withModel(`    tool_parser: ${name}\n    upstream: {base_url: demo}`));
    expect(config.models[0]?.toolParser).toBe("qwen_xml");
  });

  it("reads every alias of every dialect in the registry as that dialect's id", () => {
    for (const dialect of [...REASONING_DIALECTS, ...TOOL_DIALECTS]) {
      const key = dialect.kind === "reasoning" ? "reasoning_parser" : "tool_parser";
      for (const alias of dialect.aliases) {
        const model = parseConfig(withModel(`    ${key}: ${alias}\n    upstream: {base_url: demo}`))
          .models[0];
        expect(dialect.kind === "reasoning" ? model?.reasoningParser : model?.toolParser, alias).toBe(
          dialect.id,
        );
      }
    }
  });
});

describe("parseConfig: upstream knobs (docs/config.md §1)", () => {
  it("expands ${VAR} in header values and keeps extra_body as written", () => {
    const config = parseConfig(
      withModel(
        "    upstream:\n      base_url: http://h:8000/v1\n      headers: {x-tenant: '${TENANT}'}\n      extra_body: {top_k: 20, repetition_penalty: 1.05, stop_token_ids: [7]}",
      ),
      { TENANT: "team-7" },
    );
    expect(config.models[0]?.upstream).toMatchObject({
      headers: { "x-tenant": "team-7" },
      extraBody: { top_k: 20, repetition_penalty: 1.05, stop_token_ids: [7] },
    });
  });

  it("keeps a __proto__ key of extra_body a plain field", () => {
    const config = parseConfig(
      withModel("    upstream:\n      base_url: demo\n      extra_body: {__proto__: {x: 1}}"),
    );
    const extraBody = config.models[0]?.upstream.extraBody ?? {};
    expect(Object.hasOwn(extraBody, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([
    [
      "    upstream: {base_url: 'http://user:hunter2@gpu1:8000/v1'}",
      "models.0.upstream.base_url: Remove the user:password@ part of the URL: put the upstream's key in upstream.api_key (sent as a Bearer token) or in upstream.headers",
    ],
    [
      "    upstream: {base_url: 'http://gpu1:8000/v1/chat/completions'}",
      "models.0.upstream.base_url: Drop /chat/completions: write http://gpu1:8000/v1 (the gateway appends /chat/completions itself)",
    ],
    [
      "    upstream: {base_url: 'http://gpu1:8000/v1/chat/completions/'}",
      "models.0.upstream.base_url: Drop /chat/completions: write http://gpu1:8000/v1 (the gateway appends /chat/completions itself)",
    ],
    [
      "    upstream: {base_url: demo, extra_body: [1]}",
      "models.0.upstream.extra_body: Expected a mapping of request fields",
    ],
    [
      "    upstream: {base_url: demo, extra_body: {stream: false, model: x}}",
      "models.0.upstream.extra_body: model, stream cannot be set here: the gateway sets them (use upstream.model for the model name)",
    ],
    ["    upstream: {base_url: demo, headers: {x-a: 1}}", "models.0.upstream.headers.x-a: Expected a string"],
    [
      "    upstream: {base_url: demo, headers: {'bad name': v}}",
      'models.0.upstream.headers: "bad name" is not a valid header name',
    ],
    [
      "    upstream: {base_url: demo, headers: {Content-Length: '5'}}",
      'models.0.upstream.headers: "Content-Length" is set by the gateway for each request and cannot be configured',
    ],
    [
      "    thinking_kwarg: enable\n    upstream: {base_url: demo}",
      'models.0.thinking_kwarg: Did you mean "enable_thinking"? Expected one of "enable_thinking" | "thinking" | "thinking_mode" | "none"',
    ],
  ])("rejects %j, saying what to write", (modelLines, problem) => {
    expect(problemsOf(withModel(modelLines))).toEqual([problem]);
  });

  it("refuses an upstream api_key with a line break or NUL at start, without repeating the key", () => {
    for (const key of ["sk-key-0123456789\n", "sk-key-\r\n0123456789", "sk-key-0123456789\u0000"]) {
      const problems = problemsOf(
        withModel("    upstream: {base_url: http://h:8000/v1, api_key: '${UPSTREAM_KEY}'}"),
        { UPSTREAM_KEY: key },
      );
      expect(problems).toEqual([
        "models.0.upstream.api_key: contains a line break or NUL, which the Authorization header cannot carry (a key read from a file often ends in a newline: remove it)",
      ]);
      expect(problems.join("\n")).not.toContain("0123456789");
    }
  });

  it("never repeats a password from base_url", () => {
    const problems = problemsOf(withModel("    upstream: {base_url: 'https://u:s3cr3t-pw@gpu1/v1'}"));
    expect(problems.join("\n")).not.toContain("s3cr3t-pw");
  });

  it("warns (without failing) on a base_url without /v1", () => {
    const baseUrlWarnings = (text: string) =>
      parseConfig(text).warnings.filter((warning) => warning.includes(".upstream.base_url"));
    expect(baseUrlWarnings(withModel("    upstream: {base_url: 'http://gpu1:8000'}"))).toEqual([
      "models.0.upstream.base_url: http://gpu1:8000 has no /v1 in its path; vLLM, SGLang, llama.cpp and Ollama serve /v1/chat/completions (write http://gpu1:8000/v1 unless this server really differs)",
    ]);
    expect(baseUrlWarnings(withModel("    upstream: {base_url: 'https://openrouter.ai/api/v1'}"))).toEqual(
      [],
    );
    expect(baseUrlWarnings(MINIMAL)).toEqual([]);
  });

  it("warns when no model receives Claude Code's model names, saying to add an alias or use sluice code", () => {
    expect(parseConfig(MINIMAL).warnings).toEqual([
      'models: no model receives Claude Code\'s model names (claude-opus-5-5, claude-opus-4-5, claude-sonnet-4-5-20250929, claude-haiku-4-5-20251001, claude-3-5-haiku-20241022), so each of its requests would get 404; add aliases: ["claude-*"] to the model it should use, or start Claude Code with sluice code (or ANTHROPIC_MODEL=qwen3.5 ANTHROPIC_DEFAULT_HAIKU_MODEL=qwen3.5)',
    ]);
    // A model named like a Claude model routes that name exactly; the rest still reach nothing.
    const exact = parseConfig(`
models:
  - name: claude-opus-4-5
    upstream: {base_url: demo}
`);
    expect(exact.warnings).toEqual([
      expect.stringMatching(
        /^models: Claude Code's main model names claude-opus-5-5, claude-sonnet-4-5-20250929 reach no model/,
      ),
      expect.stringMatching(
        /^models: Claude Code's background model names claude-haiku-4-5-20251001, claude-3-5-haiku-20241022 reach no model .*ANTHROPIC_DEFAULT_HAIKU_MODEL=claude-opus-4-5/,
      ),
    ]);
  });

  it("warns about the kind of Claude Code name no alias catches: background only, or main only", () => {
    const mainOnly = parseConfig(`
models:
  - name: big
    aliases: ["claude-opus-*", "claude-sonnet-*"]
    upstream: {base_url: demo}
`);
    expect(mainOnly.warnings).toEqual([
      'models: Claude Code\'s background model names claude-haiku-4-5-20251001, claude-3-5-haiku-20241022 reach no model (its titles, summaries and command checks would fail); add aliases: ["claude-haiku-*", "claude-3-5-haiku-*"] to a small model (or "claude-*" to one), or set ANTHROPIC_DEFAULT_HAIKU_MODEL=big (sluice code does)',
    ]);
    const backgroundOnly = parseConfig(`
models:
  - name: small
    aliases: ["claude-haiku-*", "claude-3-5-haiku-*"]
    upstream: {base_url: demo}
`);
    expect(backgroundOnly.warnings).toEqual([
      'models: Claude Code\'s main model names claude-opus-5-5, claude-opus-4-5, claude-sonnet-4-5-20250929 reach no model (its requests for them would get 404); add an alias that matches them (aliases: ["claude-*"] after the narrower ones), or set ANTHROPIC_MODEL=small (sluice code does)',
    ]);
    expect(
      parseConfig(withModel('    aliases: ["claude-*"]\n    upstream: {base_url: demo}')).warnings,
    ).toEqual([]);
  });

  it("warns when an alias can never route because an earlier alias catches the same names", () => {
    const config = parseConfig(`
models:
  - name: big
    aliases: ["claude-*"]
    upstream: {base_url: demo}
  - name: small
    aliases: ["claude-haiku-*", "gpt-*"]
    upstream: {base_url: demo}
`);
    expect(config.warnings).toEqual([
      'models.1.aliases.0: "claude-haiku-*" never routes here: the alias "claude-*" of model "big" comes first and matches the same names (the first match wins; put the narrower alias first)',
    ]);
    const reordered = parseConfig(`
models:
  - name: small
    aliases: ["claude-haiku-*"]
    upstream: {base_url: demo}
  - name: big
    aliases: ["claude-*"]
    upstream: {base_url: demo}
`);
    expect(reordered.warnings).toEqual([]);
  });
});
