import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkUpstreams } from "../../src/cli/check-upstreams";
import { formatSummary } from "../../src/cli/format-summary";
import { parseConfig } from "../../src/config/parse-config";
import { type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { refusedOrigin } from "../upstream/local-server";

let upstream: ScriptedUpstream;
let refused: string;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) =>
    request.path === "/v1/models"
      ? { body: JSON.stringify({ object: "list", data: [{ id: "big" }] }) }
      : { status: 404, body: '{"detail":"Not Found"}' },
  );
  refused = `${refusedOrigin()}/v1`;
});

afterAll(async () => {
  await upstream?.close();
});

describe("replicas in the CLI", () => {
  it("check probes every replica, one line each, and counts them as upstreams", async () => {
    const config = parseConfig(
      `models:\n  - name: big\n    upstream:\n      base_url: ["${upstream.baseUrl}", "${refused}"]\n  - name: small\n    upstream:\n      base_url: ${upstream.baseUrl}\n      model: big\n`,
      {},
    );
    // The probe timeout is only a hang guard here: the upstream answers at once.
    const checks = await checkUpstreams(config.models, { timeoutMs: 30_000, maxBytes: 65_536 });
    expect(checks.map((check) => check.ok)).toEqual([true, false, true]);
    expect(checks[0]?.line).toMatch(
      /^big \[replica 1 of 2\]: reachable, http:\/\/127\.0\.0\.1:\d+\/v1\/models answered in \d+ ms and serves big$/,
    );
    expect(checks[1]?.line).toContain(
      `big [replica 2 of 2]: unreachable, ${refused}/models: connection refused`,
    );
    // A single base_url keeps its line as it was: the model's name alone.
    expect(checks[2]?.line).toMatch(/^small: reachable, /);
    expect(upstream.requests.filter((request) => request.path === "/v1/models")).toHaveLength(2);
  });

  it("the serve summary lists a model's replicas", () => {
    const config = parseConfig(
      'models:\n  - name: big\n    upstream:\n      base_url: ["http://gpu1:8000/v1", "http://gpu2:8000/v1"]\n      model: Qwen/Qwen3.5\n',
      {},
    );
    const summary = formatSummary(config, { configPath: "x.yaml", clientOrigin: "http://127.0.0.1:8080" });
    expect(summary).toContain(
      "  model    big → 2 replicas (http://gpu1:8000/v1, http://gpu2:8000/v1) as Qwen/Qwen3.5 · no parsers (the server parses itself) · no aliases\n",
    );
  });
});
