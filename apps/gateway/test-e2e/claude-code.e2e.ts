/**
 * Opt-in end-to-end check with the real Claude Code CLI (`pnpm test:e2e`, which then runs codex.e2e.ts for
 * Codex CLI; `SLUICE_E2E_CLIENTS=claude` runs this one alone; not part of `pnpm test`):
 * a scripted upstream (reasoning + a call to Bash `echo sluice-e2e` on the first turn, a text answer once
 * the tool result comes back), the gateway in front of it with a preset, and `npx -y @anthropic-ai/claude-code
 * -p …` pointed at the gateway. Runs:
 * - `qwen3.5` twice with the SAME preset, from recorded streams: against a server that streams raw markup,
 *   and against one that parses itself (structured `reasoning` and `tool_calls`);
 * - every other preset with a tool dialect, raw, the call written as the family's template writes it
 *   (test/server/raw-markup), reasoning first when the family thinks.
 * `SLUICE_E2E_PRESETS=glm-4.7,kimi-k2.5` picks presets. Passes when, every time, Claude Code ran the tool
 * and printed exactly the final answer (not swallowed into thinking, no template blank lines). Needs network
 * access for npx the first time.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRESETS, type Preset } from "../src/config/presets";
import { resolveModelPlan } from "../src/config/resolve-model-plan";
import { rawStream } from "../test/server/chat-chunks";
import type { RawMarkup } from "../test/server/raw-markup/raw-markup";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedRequest,
  startScriptedUpstream,
} from "../test/server/scripted-upstream";
import { jsonLines, runClient } from "./run-client";
import { startE2eGateway } from "./start-e2e-gateway";

const MARKER = "sluice-e2e";
const CLIENT_KEY = "sk-sluice-e2e-client";
const TIMEOUT_MS = Number(process.env.SLUICE_E2E_TIMEOUT_MS ?? 300_000);

const FINAL_ANSWER = "The command printed `sluice-e2e`: the tool ran.";

type ServerKind = "raw" | "parsing";

/** One Claude Code run: a preset, and how its upstream answers the two turns. */
interface Run {
  readonly label: string;
  readonly preset: string;
  readonly model: string;
  readonly callTurn: (request: ScriptedRequest) => readonly string[];
  readonly answerTurn: (request: ScriptedRequest) => readonly string[];
}

/** First turn: call Bash. After the tool result: answer. Side requests (titles, quota checks): short text. */
const scriptFor = (run: Run) =>
  function script(request: ScriptedRequest): ScriptedReply {
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
    if (toolResult) return { payloads: run.answerTurn(request), delayMs: () => 5 };
    if (offersBash) return { payloads: run.callTurn(request), delayMs: () => 5 };
    return { payloads: readChunks("plain-text") };
  };

/** qwen3.5 from the recorded streams, against a raw and a parsing server. */
const recordedRun = (kind: ServerKind): Run => {
  const suffix = kind === "parsing" ? "-parsed" : "";
  return {
    label: `qwen3.5 against a ${kind === "raw" ? "raw (no parsers)" : "parsing (vLLM --reasoning-parser/--tool-call-parser)"} upstream`,
    preset: "qwen3.5",
    model: "Qwen/Qwen3.5-122B-A10B",
    callTurn: () => readChunks(`claude-code-bash-call${suffix}`),
    answerTurn: () => readChunks(`claude-code-final-answer${suffix}`),
  };
};

// How each tool dialect's family writes a call, one file per dialect (shared with the contract tests).
const rawMarkupFolder = new URL("../test/server/raw-markup/", import.meta.url);
async function loadRawMarkup(): Promise<Map<string, RawMarkup>> {
  const markups = new Map<string, RawMarkup>();
  for (const file of readdirSync(rawMarkupFolder).filter((name) => name.endsWith(".ts"))) {
    const module = (await import(new URL(file, rawMarkupFolder).href)) as { markup?: RawMarkup };
    if (module.markup !== undefined) markups.set(module.markup.dialect, module.markup);
  }
  return markups;
}

/** A family served raw: its reasoning when it thinks, then its own markup for the Bash call. */
const familyRun = (preset: Preset, markup: RawMarkup): Run => {
  const plan = resolveModelPlan({ preset: preset.name });
  // The template starts the output in reasoning when thinking is on (or the family always thinks).
  const reasoningFor = (request: ScriptedRequest) => {
    const kwargs = (request.body.chat_template_kwargs ?? {}) as Record<string, unknown>;
    const thinks =
      plan.reasoning !== undefined && (plan.alwaysThinks || Object.values(kwargs).includes(true));
    return thinks ? "The user wants me to run a command.\n</think>\n\n" : "";
  };
  return {
    label: `${preset.name} against a raw upstream (${preset.toolParser} markup)`,
    preset: preset.name,
    model: preset.name,
    callTurn: (request) =>
      rawStream(
        `${reasoningFor(request)}I will run it.\n\n${markup.render([
          { name: "Bash", arguments: { command: `echo ${MARKER}`, description: "Print the marker" } },
        ])}`,
      ),
    answerTurn: (request) => rawStream(`${reasoningFor(request)}${FINAL_ANSWER}`),
  };
};

async function plannedRuns(): Promise<Run[]> {
  const markups = await loadRawMarkup();
  const runs = [
    recordedRun("raw"),
    recordedRun("parsing"),
    ...PRESETS.filter((preset) => preset.name !== "qwen3.5" && preset.toolParser !== "none").flatMap(
      (preset) => {
        const markup = markups.get(preset.toolParser);
        return markup === undefined ? [] : [familyRun(preset, markup)];
      },
    ),
  ];
  const chosen = process.env.SLUICE_E2E_PRESETS?.split(",").map((name) => name.trim());
  return chosen === undefined ? runs : runs.filter((run) => chosen.includes(run.preset));
}

interface StreamJsonLine {
  readonly type?: string;
  readonly subtype?: string;
  readonly result?: string;
  readonly is_error?: boolean;
  readonly message?: { readonly content?: unknown };
}

async function main(): Promise<number> {
  const failed: string[] = [];
  for (const run of await plannedRuns()) {
    console.log(`=== ${run.label}`);
    if (!(await runAgainst(run))) failed.push(run.label);
  }
  console.log(failed.length === 0 ? "PASS" : `FAIL: ${failed.join("; ")}`);
  return failed.length === 0 ? 0 : 1;
}

/** One Claude Code run against its scripted upstream; true when the tool loop completed. */
async function runAgainst(run: Run): Promise<boolean> {
  const upstream = await startScriptedUpstream(scriptFor(run));
  const gateway = await startE2eGateway(
    `models:\n  - name: ${run.preset}\n    aliases: ["claude-*"]\n    preset: ${run.preset}\n    upstream:\n      base_url: ${upstream.baseUrl}\n      model: ${run.model}\n`,
    CLIENT_KEY,
  );
  const { port } = gateway;
  const home = mkdtempSync(join(tmpdir(), "sluice-e2e-home-"));
  console.log(`gateway on http://127.0.0.1:${port}, upstream ${upstream.baseUrl}, HOME ${home}`);

  const client = await runClient({
    args: [
      "@anthropic-ai/claude-code",
      "-p",
      `Run the shell command \`echo ${MARKER}\` with the Bash tool and tell me what it printed.`,
      "--output-format",
      "stream-json",
      "--verbose",
      "--allowedTools",
      "Bash",
    ],
    cwd: home,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      // What the README recommends: no "use this key?" prompt in interactive Claude Code.
      ANTHROPIC_AUTH_TOKEN: CLIENT_KEY,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    },
    timeoutMs: TIMEOUT_MS,
  });
  const { exitCode } = client;
  const parsed = jsonLines<StreamJsonLine>(client.lines);
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
    `claude ${version?.claude_code_version ?? "(version unknown)"} exited with ${exitCode}; ${client.lines.length} stream-json lines`,
  );
  console.log("gateway requests:");
  for (const line of gateway.requestSummary()) console.log(`  ${line}`);
  console.log(`tool ran (tool_result with ${MARKER}): ${toolRan}`);
  console.log(`upstream received the tool result: ${upstreamSawResult}`);
  console.log(`final answer: ${JSON.stringify(result?.result ?? null)}`);
  const passed = exitCode === 0 && toolRan && answered && upstreamSawResult;
  if (!passed) {
    console.log("--- claude stdout ---");
    console.log(client.lines.join("\n"));
    console.log("--- claude stderr ---");
    console.log(client.stderr);
    console.log("--- gateway log ---");
    console.log(gateway.logLines.join(""));
  }
  await gateway.close();
  await upstream.close();
  rmSync(home, { recursive: true, force: true });
  console.log(passed ? `${run.label}: ok` : `${run.label}: FAILED`);
  return passed;
}

// `SLUICE_E2E_CLIENTS=codex` (or `claude`) picks the clients `pnpm test:e2e` drives; unset runs all.
const clients = process.env.SLUICE_E2E_CLIENTS?.split(",").map((name) => name.trim());
if (clients !== undefined && !clients.includes("claude")) console.log("claude: skipped (SLUICE_E2E_CLIENTS)");
else
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
