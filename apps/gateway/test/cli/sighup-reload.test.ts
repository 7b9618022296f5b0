import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml, parseSseText, post } from "../server/test-gateway";
import { waitUntil, within } from "../server/wait-until";
import { ensureBuiltCli, jsonLogLines, killStartedClis, LISTENING, startCli } from "./built-cli";

const NEW_KEY = "sk-gateway-new-key-4242";

let upstream: ScriptedUpstream;
let directory: string;
// The stream to alpha stops after its first chunks until the reload is done, so it is open across it.
let releaseStream: () => void = () => undefined;
const streamReleased = new Promise<void>((resolve) => {
  releaseStream = resolve;
});
// Generous for a loaded machine: a start, a reload or an exit that takes this long has hung.
const HANG_MS = 30_000;

beforeAll(async () => {
  await ensureBuiltCli();
  upstream = await startScriptedUpstream(() => ({
    payloads: readChunks("plain-text"),
    holdBefore: (index) => (index === 3 ? streamReleased : undefined),
  }));
  directory = mkdtempSync(join(tmpdir(), "sluice-sighup-"));
}, 150_000);

afterAll(async () => {
  killStartedClis();
  await upstream?.close();
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

async function modelNames(origin: string, key?: string): Promise<{ status: number; names: string[] }> {
  const response = await fetch(`${origin}/v1/models`, {
    headers: key === undefined ? {} : { "x-api-key": key },
  });
  const body = (await response.json()) as { data?: { id: string }[] };
  return { status: response.status, names: (body.data ?? []).map((entry) => entry.id) };
}

describe("SIGHUP", { timeout: 90_000 }, () => {
  it("serves a valid new file to new requests (open streams keep theirs), and keeps the running config for an invalid one", async () => {
    const path = join(directory, "sluice.yaml");
    writeFileSync(path, `server:\n  port: 8080\nmodels:\n${modelYaml("alpha", upstream.baseUrl)}`);
    const cli = startCli(["serve", "--config", path, "--port", "0"], { cwd: directory });
    await waitUntil(() => LISTENING.test(cli.stdout()), HANG_MS, "the listening line");
    const origin = LISTENING.exec(cli.stdout())?.[1] ?? "";
    expect(await modelNames(origin)).toEqual({ status: 200, names: ["alpha"] });

    // A stream to alpha is open while the file renames the model, adds a key and moves the port.
    const response = await post(origin, "/v1/messages", messagesRequest("alpha", { stream: true }));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain("event: message_start");

    writeFileSync(
      path,
      `server:\n  port: 9090\n  api_keys: [${NEW_KEY}]\nmodels:\n${modelYaml("beta", upstream.baseUrl)}`,
    );
    cli.child.kill("SIGHUP");
    await waitUntil(() => cli.stderr().includes('"msg":"reloaded"'), HANG_MS, "the reloaded line");
    releaseStream();

    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(parseSseText(text).events.at(-1)?.type).toBe("message_stop");
    expect(upstream.requestsFor("alpha")).toHaveLength(1);

    // New requests: the new key is required, and beta is served instead of alpha.
    expect((await modelNames(origin)).status).toBe(401);
    expect(await modelNames(origin, NEW_KEY)).toEqual({ status: 200, names: ["beta"] });
    const betaReply = await post(origin, "/v1/messages", messagesRequest("beta"), { "x-api-key": NEW_KEY });
    expect(betaReply.status).toBe(200);
    const alphaReply = await post(origin, "/v1/messages", messagesRequest("alpha"), { "x-api-key": NEW_KEY });
    expect(alphaReply.status).toBe(404);

    const reloaded = jsonLogLines(cli.stderr()).find((line) => line.msg === "reloaded");
    expect(reloaded).toMatchObject({
      level: 30,
      models: ["beta"],
      added: ["beta"],
      removed: ["alpha"],
      apiKeyCount: 1,
    });
    const portWarning = jsonLogLines(cli.stderr()).find((line) =>
      String(line.msg).includes("needs a restart"),
    );
    expect(portWarning).toMatchObject({ level: 40, port: 9090, listening: origin });

    // An invalid file: logged at warn with its problem, and beta (with its key) is still served.
    writeFileSync(path, `models:\n${modelYaml("gamma", upstream.baseUrl, { model: { preset: "qwen9" } })}`);
    cli.child.kill("SIGHUP");
    await waitUntil(() => cli.stderr().includes("reload failed"), HANG_MS, "the reload failed line");
    const failed = jsonLogLines(cli.stderr()).find((line) => String(line.msg).startsWith("reload failed"));
    expect(failed).toMatchObject({ level: 40, config: path });
    expect(String(failed?.msg)).toContain("models.0.preset");
    const problems = (failed?.problems ?? []) as string[];
    expect(problems.some((problem) => problem.startsWith("models.0.preset"))).toBe(true);
    expect(await modelNames(origin, NEW_KEY)).toEqual({ status: 200, names: ["beta"] });

    // Still one process that SIGHUP did not end, and no key in its output.
    expect(cli.child.exitCode).toBeNull();
    expect(cli.stdout() + cli.stderr()).not.toContain(NEW_KEY);
    cli.child.kill("SIGTERM");
    expect(await within(cli.exited, HANG_MS, "exit")).toBe(0);
  });
});
