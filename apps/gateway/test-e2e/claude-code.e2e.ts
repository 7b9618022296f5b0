/**
 * Opt-in end-to-end check with the real Claude Code CLI (`pnpm test:e2e`; not part of `pnpm test`):
 * a scripted Qwen3.5 upstream (reasoning + a call to Bash `echo sluice-e2e` on the first turn, a text
 * answer once the tool result comes back), the gateway in front of it with the `qwen3.5` preset, and
 * `npx -y @anthropic-ai/claude-code -p …` pointed at the gateway. It runs twice with the SAME preset:
 * against a server that streams raw markup, and against one that parses itself (structured `reasoning`
 * and `tool_calls`). Passes when, both times, Claude Code ran the tool and printed exactly the final
 * answer (not swallowed into thinking, no template blank lines). Needs network access for npx the first time.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfig } from "../src/config/parse-config";
import { createGateway } from "../src/server/create-gateway";
import { createGatewayLogger } from "../src/server/create-gateway-logger";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedRequest,
  startScriptedUpstream,
} from "../test/server/scripted-upstream";

const MARKER = "sluice-e2e";
const CLIENT_KEY = "sk-sluice-e2e-client";
const TIMEOUT_MS = Number(process.env.SLUICE_E2E_TIMEOUT_MS ?? 300_000);

const FINAL_ANSWER = "The command printed `sluice-e2e`: the tool ran.";

type ServerKind = "raw" | "parsing";

/** First turn: call Bash. After the tool result: answer. Side requests (titles, quota checks): short text. */
const scriptFor = (kind: ServerKind) =>
  function script(request: ScriptedRequest): ScriptedReply {
    const suffix = kind === "parsing" ? "-parsed" : "";
    if (request.path === "/tokenize") return { status: 404, body: '{"detail":"Not Found"}' };
    const messages = Array.isArray(request.body.messages)
      ? (request.body.messages as Record<string, unknown>[])
      : [];
    const toolResult = messages.some(
      (message) => message.role === "tool" && String(message.content).includes(MARKER),
    );
    const tools = Array.isArray(request.body.tools)
      ? (request.body.tools as { function?: { name?: string } }[])
      : [];
    const offersBash = tools.some((tool) => tool.function?.name === "Bash");
    if (toolResult) return { payloads: readChunks(`claude-code-final-answer${suffix}`), delayMs: () => 5 };
    if (offersBash) return { payloads: readChunks(`claude-code-bash-call${suffix}`), delayMs: () => 5 };
    return { payloads: readChunks("plain-text") };
  };

interface StreamJsonLine {
  readonly type?: string;
  readonly subtype?: string;
  readonly result?: string;
  readonly is_error?: boolean;
  readonly message?: { readonly content?: unknown };
}

async function main(): Promise<number> {
  let failures = 0;
  for (const kind of ["raw", "parsing"] as const) {
    console.log(
      `=== against a ${kind === "raw" ? "raw (no parsers)" : "parsing (vLLM --reasoning-parser/--tool-call-parser)"} upstream`,
    );
    if (!(await runAgainst(kind))) failures++;
  }
  console.log(failures === 0 ? "PASS" : "FAIL");
  return failures === 0 ? 0 : 1;
}

/** One Claude Code run against a scripted upstream of `kind`; true when the tool loop completed. */
async function runAgainst(kind: ServerKind): Promise<boolean> {
  const upstream = await startScriptedUpstream(scriptFor(kind));
  const logLines: string[] = [];
  const config = parseConfig(
    `models:\n  - name: qwen3.5\n    aliases: ["claude-*"]\n    preset: qwen3.5\n    upstream:\n      base_url: ${upstream.baseUrl}\n      model: Qwen/Qwen3.5-122B-A10B\n`,
    { SLUICE_API_KEYS: CLIENT_KEY },
  );
  const gateway = createGateway(config, {
    logger: createGatewayLogger({ destination: { write: (line: string) => void logLines.push(line) } }),
  });
  const { port } = await gateway.listen("127.0.0.1", 0);
  const home = mkdtempSync(join(tmpdir(), "sluice-e2e-home-"));
  console.log(`gateway on http://127.0.0.1:${port}, upstream ${upstream.baseUrl}, HOME ${home}`);

  const output: string[] = [];
  let stderr = "";
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(
      "npx",
      [
        "-y",
        "@anthropic-ai/claude-code",
        "-p",
        `Run the shell command \`echo ${MARKER}\` with the Bash tool and tell me what it printed.`,
        "--output-format",
        "stream-json",
        "--verbose",
        "--allowedTools",
        "Bash",
      ],
      {
        cwd: home,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: home,
          ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
          // What the README recommends: no "use this key?" prompt in interactive Claude Code.
          ANTHROPIC_AUTH_TOKEN: CLIENT_KEY,
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          ...(process.env.npm_config_registry === undefined
            ? {}
            : { npm_config_registry: process.env.npm_config_registry }),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let pending = "";
    child.stdout.on("data", (part: Buffer) => {
      pending += part.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      output.push(...lines.filter((line) => line.trim() !== ""));
    });
    child.stderr.on("data", (part: Buffer) => {
      stderr += part.toString("utf8");
    });
    // Bounded: the child we started is ended by its own handle if it runs too long.
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (pending.trim() !== "") output.push(pending);
      resolve(code);
    });
  });

  const parsed: StreamJsonLine[] = output.flatMap((line) => {
    try {
      return [JSON.parse(line) as StreamJsonLine];
    } catch {
      return [];
    }
  });
  const toolRan = parsed.some(
    (line) => line.type === "user" && JSON.stringify(line.message?.content ?? "").includes(MARKER),
  );
  const result = parsed.find((line) => line.type === "result");
  // Exactly the answer: not swallowed into thinking, no template blank lines around it.
  const answered = result?.is_error !== true && result?.result === FINAL_ANSWER;
  const upstreamSawResult = upstream.requests.some((request) =>
    JSON.stringify(request.body.messages ?? []).includes(`"role":"tool"`),
  );

  const version = parsed.find((line) => line.type === "system") as
    | { claude_code_version?: string }
    | undefined;
  console.log(
    `claude ${version?.claude_code_version ?? "(version unknown)"} exited with ${exitCode}; ${output.length} stream-json lines`,
  );
  console.log("gateway requests:");
  for (const line of logLines) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    if (entry.msg !== "request") continue;
    const fields = [
      entry.method,
      entry.path,
      entry.model,
      entry.stream ? "stream" : "",
      entry.status,
      entry.stopReason,
    ];
    console.log(`  ${fields.filter((field) => field !== undefined && field !== "").join(" ")}`);
  }
  console.log(`tool ran (tool_result with ${MARKER}): ${toolRan}`);
  console.log(`upstream received the tool result: ${upstreamSawResult}`);
  console.log(`final answer: ${JSON.stringify(result?.result ?? null)}`);
  const passed = exitCode === 0 && toolRan && answered && upstreamSawResult;
  if (!passed) {
    console.log("--- claude stdout ---");
    console.log(output.join("\n"));
    console.log("--- claude stderr ---");
    console.log(stderr);
    console.log("--- gateway log ---");
    console.log(logLines.join(""));
  }
  gateway.server.closeAllConnections();
  await gateway.close();
  await upstream.close();
  rmSync(home, { recursive: true, force: true });
  console.log(passed ? `${kind}: ok` : `${kind}: FAILED`);
  return passed;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
