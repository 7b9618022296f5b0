import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ScriptedReply, startScriptedUpstream } from "../server/scripted-upstream";
import { post, startTestGateway, type TestGateway } from "../server/test-gateway";
import { waitUntil } from "../server/wait-until";

export const CLIENT_KEY = "sk-client-key-recorded-0123456789";
export const UPSTREAM_KEY = "sk-upstream-key-recorded-9876543210";
export const HEADER_SECRET = "header-secret-recorded-5555";

/** Claude Code's Bash tool, as a request offers it. */
export const BASH_TOOL = {
  name: "Bash",
  description: "Run a shell command",
  input_schema: {
    type: "object",
    properties: { command: { type: "string" }, description: { type: "string" } },
    required: ["command"],
  },
};

export interface RecordingRun {
  readonly gateway: TestGateway;
  /** The files written so far in the record directory. */
  files(): string[];
  /** Waits until `count` files exist, and returns their texts in name order. */
  texts(count: number): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real gateway with `server.record_dir` set, in front of a scripted upstream answering every request
 * with `reply`, with a client key, an upstream key and a secret header configured (so a test can look
 * for them in the files).
 */
export async function startRecordingRun(
  directory: string,
  reply: (model: string) => ScriptedReply,
  options: {
    readonly server?: string;
    readonly model?: string;
    /** Replicas listed before the scripted upstream in `base_url` (a dead one, to see failover recorded). */
    readonly replicasBefore?: readonly string[];
  } = {},
): Promise<RecordingRun> {
  const upstream = await startScriptedUpstream((request) => reply(String(request.body.model)));
  const config = [
    "server:",
    `  api_keys: [${CLIENT_KEY}]`,
    `  record_dir: ${JSON.stringify(directory)}`,
    ...(options.server === undefined ? [] : [options.server]),
    "models:",
    "  - name: m",
    `    aliases: ["claude-*"]`,
    ...(options.model === undefined ? [] : [options.model]),
    "    upstream:",
    options.replicasBefore === undefined
      ? `      base_url: ${upstream.baseUrl}`
      : `      base_url: ${JSON.stringify([...options.replicasBefore, upstream.baseUrl])}`,
    "      model: Qwen/Qwen3.5-122B-A10B",
    // The config expands them from the environment, as a deployment writes secrets.
    `      api_key: "\${UPSTREAM_KEY}"`,
    "      headers:",
    `        x-tenant: "\${HEADER_SECRET}"`,
  ].join("\n");
  const gateway = await startTestGateway(config, {
    env: { UPSTREAM_KEY, HEADER_SECRET },
  });
  const files = (): string[] => {
    try {
      return readdirSync(directory)
        .filter((name) => name.endsWith(".json"))
        .sort();
    } catch {
      return [];
    }
  };
  return {
    gateway,
    files,
    texts: async (count) => {
      await waitUntil(() => files().length >= count, 5000, `${count} recording(s)`);
      return files().map((name) => readFileSync(join(directory, name), "utf8"));
    },
    close: async () => {
      await gateway.close();
      await upstream.close();
    },
  };
}

/** A Messages request as Claude Code sends it, authenticated with the client key. */
export function askGateway(
  origin: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = { authorization: `Bearer ${CLIENT_KEY}` },
): Promise<Response> {
  return post(origin, "/v1/messages", body, { ...headers, cookie: "session=cookie-value-1234" });
}
