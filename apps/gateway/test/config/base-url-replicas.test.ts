// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is the config syntax under test.
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config";

/** A one-model config whose `base_url` is written as given (a YAML scalar or list). */
const withBaseUrl = (baseUrl: string): string =>
  `models:\n  - name: m\n    upstream:\n      base_url: ${baseUrl}\n`;

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

describe("upstream.base_url as a list of replicas (docs/config.md §1)", () => {
  it("reads a list as the replicas, in order, a trailing slash ignored", () => {
    const config = parseConfig(withBaseUrl('["http://gpu1:8000/v1/", "https://gpu2:8000/v1"]'), {});
    expect(config.models[0]?.upstream.baseUrls).toEqual(["http://gpu1:8000/v1", "https://gpu2:8000/v1"]);
    expect(config.warnings.filter((warning) => warning.includes("base_url"))).toEqual([]);
  });

  it("reads a block list, and a single URL as one replica", () => {
    const block = parseConfig(withBaseUrl("\n        - http://a:8000/v1\n        - http://b:8000/v1"), {});
    expect(block.models[0]?.upstream.baseUrls).toEqual(["http://a:8000/v1", "http://b:8000/v1"]);
    expect(parseConfig(withBaseUrl("http://a:8000/v1/"), {}).models[0]?.upstream.baseUrls).toEqual([
      "http://a:8000/v1",
    ]);
    expect(parseConfig(withBaseUrl("demo"), {}).models[0]?.upstream.baseUrls).toEqual(["demo"]);
  });

  it("expands ${VAR} in each entry", () => {
    const config = parseConfig(withBaseUrl('["http://${HOST}:8000/v1", "http://b:8000/v1"]'), {
      HOST: "gpu7",
    });
    expect(config.models[0]?.upstream.baseUrls[0]).toBe("http://gpu7:8000/v1");
  });

  it.each([
    [
      "an empty list",
      "[]",
      ["models.0.upstream.base_url: Expected at least one URL in the list of replicas"],
    ],
    [
      "an entry that is not http(s)",
      '["http://a:8000/v1", "ftp://b/v1"]',
      ["models.0.upstream.base_url.1: Expected an http(s) URL"],
    ],
    [
      "an entry that is not a URL, and one that is not a string",
      '["localhost:8000", 3]',
      [
        "models.0.upstream.base_url.0: Expected an http(s) URL",
        "models.0.upstream.base_url.1: Expected an http(s) URL",
      ],
    ],
    [
      "demo among replicas",
      '["http://a:8000/v1", "demo"]',
      [
        "models.0.upstream.base_url.1: `demo` is not a replica: write base_url: demo on its own (the built-in demo is in-process)",
      ],
    ],
    [
      "an entry ending in /chat/completions",
      '["http://a:8000/v1", "http://b:8000/v1/chat/completions"]',
      [
        "models.0.upstream.base_url.1: Drop /chat/completions: write http://b:8000/v1 (the gateway appends /chat/completions itself)",
      ],
    ],
    [
      "a mapping instead of a URL or a list",
      "{url: http://a:8000/v1}",
      ["models.0.upstream.base_url: Expected an http(s) URL, the word `demo`, or a list of http(s) URLs"],
    ],
  ])("refuses %s, with the entry's path", (_name, baseUrl, problems) => {
    expect(problemsOf(withBaseUrl(baseUrl))).toEqual(problems);
  });

  it("refuses user:password in an entry without repeating the password", () => {
    const problems = problemsOf(withBaseUrl('["http://a:8000/v1", "http://me:hunter2-secret@b:8000/v1"]'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^models\.0\.upstream\.base_url\.1: Remove the user:password@ part/);
    expect(problems.join("\n")).not.toContain("hunter2-secret");
  });

  it("reports an unset variable in an entry once, at the entry's path", () => {
    expect(problemsOf(withBaseUrl('["http://a:8000/v1", "${REPLICA_2}"]'))).toEqual([
      "models.0.upstream.base_url.1: Environment variable REPLICA_2 is not set",
    ]);
  });

  it("warns about an entry without /v1 at its index, and a single URL at base_url itself", () => {
    const listed = parseConfig(withBaseUrl('["http://a:8000/v1", "http://b:8000", "http://c:8000/v1"]'), {});
    expect(listed.warnings.filter((warning) => warning.includes("base_url"))).toEqual([
      "models.0.upstream.base_url.1: http://b:8000 has no /v1 in its path; vLLM, SGLang, llama.cpp and Ollama serve /v1/chat/completions (write http://b:8000/v1 unless this server really differs)",
    ]);
    const single = parseConfig(withBaseUrl("http://b:8000"), {});
    expect(single.warnings[0]).toMatch(/^models\.0\.upstream\.base_url: http:\/\/b:8000 has no \/v1/);
    const oneEntry = parseConfig(withBaseUrl('["http://b:8000"]'), {});
    expect(oneEntry.warnings[0]).toMatch(/^models\.0\.upstream\.base_url\.0: /);
  });
});
