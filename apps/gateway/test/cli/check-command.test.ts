import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { within } from "../server/wait-until";
import { refusedOrigin } from "../upstream/local-server";
import { ensureBuiltCli, killStartedClis, startCli } from "./built-cli";

const KEY = "sk-upstream-secret-0123456789";
const HEADER_SECRET = "header-secret-9876543210";

let upstream: ScriptedUpstream;
let directory: string;
/** The requests that reached the scripted upstream. */
let arrivals = 0;
// The first check's seven probes of this upstream are answered only once all seven have arrived: a check
// that probed one after the other would never get past the first, and its lines would say so.
const PROBES = 7;
let allProbesArrived: () => void = () => undefined;
const probesArrived = new Promise<void>((resolve) => {
  allProbesArrived = resolve;
});

beforeAll(async () => {
  await ensureBuiltCli();
  // One server, many behaviours: each model of the config names its scenario in an upstream header.
  upstream = await startScriptedUpstream((request) => {
    arrivals += 1;
    if (arrivals === PROBES) allProbesArrived();
    const until = probesArrived;
    const scenario = request.headers["x-scenario"];
    if (request.path !== "/v1/models") return { until, status: 404, body: '{"detail":"Not Found"}' };
    if (scenario === "hang") return { hang: true };
    if (scenario === "huge") return { until, body: `{"data":[${'{"id":"m"},'.repeat(120_000)}{"id":"m"}]}` };
    if (scenario === "not-a-list") return { until, body: "<html>a web page</html>" };
    if (request.headers.authorization !== `Bearer ${KEY}` || request.headers["x-token"] !== HEADER_SECRET) {
      // An upstream that echoes what it got: the CLI must not print it.
      return {
        until,
        status: 401,
        body: JSON.stringify({ error: { message: `bad key ${request.headers.authorization ?? ""}` } }),
      };
    }
    return {
      until,
      body: JSON.stringify({ object: "list", data: [{ id: "Qwen/Qwen3.5-122B" }, { id: "other" }] }),
    };
  });
  directory = mkdtempSync(join(tmpdir(), "sluice-check-"));
}, 150_000);

afterAll(async () => {
  killStartedClis();
  await upstream?.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

function model(
  name: string,
  baseUrl: string,
  extra: { model?: string; scenario?: string; key?: string } = {},
): string {
  return [
    `  - name: ${name}`,
    "    upstream:",
    `      base_url: ${baseUrl}`,
    ...(extra.model === undefined ? [] : [`      model: ${extra.model}`]),
    ...(extra.key === undefined ? [] : [`      api_key: \${${extra.key}}`]),
    "      headers:",
    `        x-scenario: ${extra.scenario ?? "normal"}`,
    // The config expands ${HEADER_TOKEN} from the environment, as a secret header would be written.
    `        x-token: \${HEADER_TOKEN}`,
  ].join("\n");
}

describe("sluice check", () => {
  it("prints the warnings and one line per upstream, never a key, and exits 0 whatever the upstreams say", async () => {
    const base = upstream.baseUrl;
    const root = base.replace(/\/v1$/, "");
    const config = [
      "server:",
      "  api_keys: [gateway-key-1, gateway-key-2]",
      "models:",
      "  - name: demo-model\n    upstream:\n      base_url: demo",
      model("served", base, { model: "Qwen/Qwen3.5-122B", key: "UPSTREAM_KEY" }),
      model("misnamed", base, { model: "Qwen/Qwen3-8B", key: "UPSTREAM_KEY" }),
      model("wrong-key", base, { key: "WRONG_KEY" }),
      model("no-v1", root, { key: "UPSTREAM_KEY" }),
      model("refused", `${refusedOrigin()}/v1`),
      model("hangs", base, { scenario: "hang" }),
      model("huge", base, { scenario: "huge" }),
      model("web-page", base, { scenario: "not-a-list" }),
    ].join("\n");
    const path = join(directory, "check.yaml");
    writeFileSync(path, `${config}\n`);

    const cli = startCli(["check", "--config", path], {
      cwd: directory,
      env: { UPSTREAM_KEY: KEY, WRONG_KEY: "sk-wrong-key-555555", HEADER_TOKEN: HEADER_SECRET },
    });
    // The check's own probe timeout (5 s) bounds it; only a hang takes 50 s.
    expect(await within(cli.exited, 50_000, "check to finish")).toBe(0);
    // Probed at once: the upstream answered nothing before all seven probes had arrived (see PROBES).
    expect(arrivals).toBeGreaterThanOrEqual(PROBES);

    const lines = cli.stdout().split("\n");
    const lineOf = (name: string): string => lines.find((line) => line.startsWith(`  ${name}: `)) ?? "";
    expect(lines[0]).toBe(
      `${path} is valid: 9 models, auth on (2 keys from server.api_keys / SLUICE_API_KEYS)`,
    );
    expect(cli.stdout()).toContain("warning: models.4.upstream.base_url:");
    expect(lineOf("demo-model")).toBe("  demo-model: built-in demo, nothing to probe");
    expect(lineOf("served")).toMatch(
      /^ {2}served: reachable, .*\/v1\/models answered in \d+ ms and serves Qwen\/Qwen3\.5-122B, other$/,
    );
    expect(lineOf("misnamed")).toContain('upstream.model "Qwen/Qwen3-8B" is not among them');
    expect(lineOf("wrong-key")).toContain("answered HTTP 401: the server refused upstream.api_key");
    expect(lineOf("no-v1")).toContain(
      `answered HTTP 404: a 404 usually means base_url lacks /v1 (try ${root}/v1)`,
    );
    expect(lineOf("refused")).toContain("connection refused");
    expect(lineOf("hangs")).toContain("no answer within 5 s");
    expect(lineOf("huge")).toContain("the answer is over 1024 KiB");
    expect(lineOf("web-page")).toContain("not an OpenAI model list");
    expect(lines).toContain("2 of 9 upstreams ready.");

    // The upstream echoed the wrong key back: it is scrubbed, and no configured secret is printed.
    expect(lineOf("wrong-key")).toContain("Bearer [redacted]");
    const output = cli.stdout() + cli.stderr();
    for (const secret of [KEY, "sk-wrong-key-555555", HEADER_SECRET, "gateway-key-1", "gateway-key-2"]) {
      expect(output).not.toContain(secret);
    }
    // The probes carried the key and the configured headers.
    const served = upstream.requests.find((request) => request.headers.authorization === `Bearer ${KEY}`);
    expect(served?.headers["x-token"]).toBe(HEADER_SECRET);
  });

  it("--strict exits 1 when an upstream is not ready, 0 when every one is", async () => {
    const base = upstream.baseUrl;
    const write = (name: string, models: string[]): string => {
      const path = join(directory, name);
      writeFileSync(path, `models:\n${models.join("\n")}\n`);
      return path;
    };
    const ready = write("ready.yaml", [
      "  - name: demo-model\n    upstream:\n      base_url: demo",
      model("served", base, { model: "Qwen/Qwen3.5-122B", key: "UPSTREAM_KEY" }),
    ]);
    const notReady = write("not-ready.yaml", [
      model("served", base, { model: "Qwen/Qwen3.5-122B", key: "UPSTREAM_KEY" }),
      model("misnamed", base, { model: "Qwen/Qwen3-8B", key: "UPSTREAM_KEY" }),
    ]);
    const refused = write("refused.yaml", [model("refused", `${refusedOrigin()}/v1`)]);
    const env = { UPSTREAM_KEY: KEY, HEADER_TOKEN: HEADER_SECRET };
    const exitOf = async (args: string[]): Promise<number | null> =>
      within(startCli(args, { cwd: directory, env }).exited, 50_000, "check to finish");
    expect(await exitOf(["check", "--strict", "--config", ready])).toBe(0);
    expect(await exitOf(["check", "--strict", "--config", notReady])).toBe(1);
    expect(await exitOf(["check", "--strict", "--config", refused])).toBe(1);
    // Without --strict the file is what is checked: valid, so 0.
    expect(await exitOf(["check", "--config", refused])).toBe(0);
  });

  it("exits 1 with every problem and its path for an invalid file", async () => {
    const path = join(directory, "invalid.yaml");
    writeFileSync(path, "models:\n  - name: x\n    preset: qwen9\n    upstream:\n      base_url: ftp://x\n");
    const cli = startCli(["check", "--config", path], { cwd: directory });
    expect(await within(cli.exited, 50_000, "exit")).toBe(1);
    expect(cli.stderr()).toContain("models.0.preset");
    expect(cli.stderr()).toContain("models.0.upstream.base_url");
    expect(cli.stdout()).toBe("");
  });
});
