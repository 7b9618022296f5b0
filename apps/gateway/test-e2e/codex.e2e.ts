/**
 * Opt-in end-to-end check with the real Codex CLI (`pnpm test:e2e`, or `SLUICE_E2E_CLIENTS=codex pnpm
 * test:e2e`; not part of `pnpm test`): a scripted Qwen3.5 upstream (reasoning + a call to Codex's shell tool
 * running `echo sluice-e2e` on the first turn, reasoning + a fixed answer once the tool result comes back) that
 * renders every request through Qwen3.5's chat template (test/templates: vLLM's 400 where it raises),
 * the gateway in front of it with the `qwen3.5` preset, and `npx -y @openai/codex@VERSION exec --json …`
 * pointed at the gateway's `/v1/responses` through a model provider in a temporary CODEX_HOME. Runs the SAME
 * preset against a server that streams raw markup (`</think>`, qwen_xml `<tool_call>`) and against one that
 * parses itself (structured `reasoning` and `tool_calls`). Passes when, every time, Codex ran the command
 * (a `command_execution` item with the marker and exit code 0), printed exactly the final answer as its
 * `agent_message` and each turn's reasoning as a `reasoning` item, the upstream received the tool result (with
 * the call turn's reasoning), and codex exited 0. Needs network access for npx the first time;
 * `SLUICE_E2E_CODEX_VERSION` picks another Codex version than the one verified here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChunkOptions, chatChunk, rawStream, textPieces, usageChunk } from "../test/server/chat-chunks";
import { markup as qwenXml } from "../test/server/raw-markup/qwen-xml";
import type { RawCall } from "../test/server/raw-markup/raw-markup";
import { readChunks, type ScriptedReply, type ScriptedRequest } from "../test/server/scripted-upstream";
import { startTemplateUpstream } from "../test/templates/template-upstream";
import { jsonLines, runClient } from "./run-client";
import { startE2eGateway } from "./start-e2e-gateway";

// The version this check was verified with; the tool names and event shapes below are what it speaks.
const CODEX_VERSION = process.env.SLUICE_E2E_CODEX_VERSION ?? "0.171.0";
const MARKER = "sluice-e2e";
const CLIENT_KEY = "sk-sluice-e2e-client";
const TIMEOUT_MS = Number(process.env.SLUICE_E2E_TIMEOUT_MS ?? 300_000);
const PRESET = "qwen3.5";
const UPSTREAM_MODEL = "Qwen/Qwen3.5-122B-A10B";

const FINAL_ANSWER = "The command printed `sluice-e2e`: the tool ran.";
const CALL_REASONING = "The user wants me to run a command and report its output.";
const ANSWER_REASONING = "The command ran and printed the marker.";

type ServerKind = "raw" | "parsing";

/**
 * Codex's shell tool as the request's `tools` offer it: 0.171 sends `exec_command` with a string `cmd`
 * (docs/protocol.md D2); older versions sent `shell` with `command: string[]`. Either is answered.
 */
function shellCall(request: ScriptedRequest): RawCall | undefined {
  const tools = Array.isArray(request.body.tools)
    ? (request.body.tools as { function?: { name?: string } }[])
    : [];
  const names = new Set(tools.map((tool) => tool.function?.name));
  if (names.has("exec_command")) return { name: "exec_command", arguments: { cmd: `echo ${MARKER}` } };
  if (names.has("shell"))
    // An array parameter written as the template writes non-strings: JSON, converted by the tool's schema.
    return { name: "shell", arguments: { command: JSON.stringify(["bash", "-lc", `echo ${MARKER}`]) } };
  return undefined;
}

const CHUNKS: ChunkOptions = { model: UPSTREAM_MODEL };
const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  chatChunk(delta, finishReason, CHUNKS);

/** A parsing server (vLLM --reasoning-parser qwen3 --tool-call-parser qwen3_xml): structured fields. */
function parsedStream(reasoning: string, text: string, call?: RawCall): string[] {
  return [
    chunk({ role: "assistant", content: "" }),
    ...textPieces(reasoning).map((piece) => chunk({ reasoning: piece })),
    ...textPieces(text).map((piece) => chunk({ content: piece })),
    ...(call === undefined
      ? []
      : [
          chunk({
            tool_calls: [
              {
                index: 0,
                id: "chatcmpl-tool-e2e1",
                type: "function",
                function: { name: call.name, arguments: "" },
              },
            ],
          }),
          ...textPieces(JSON.stringify(call.arguments), 8).map((piece) =>
            chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
          ),
        ]),
    chunk({}, call === undefined ? "stop" : "tool_calls"),
    usageChunk(CHUNKS),
    "[DONE]",
  ];
}

const callTurn = (kind: ServerKind, call: RawCall): string[] =>
  kind === "raw"
    ? // The Qwen3.5 template opens `<think>` in the prompt (thinking is the family's default; Codex sends no
      // effort), so a raw server's output starts inside reasoning.
      rawStream(`${CALL_REASONING}\n</think>\n\nI will run it.\n\n${qwenXml.render([call])}`, CHUNKS)
    : parsedStream(CALL_REASONING, "I will run it.", call);

const answerTurn = (kind: ServerKind): string[] =>
  kind === "raw"
    ? rawStream(`${ANSWER_REASONING}\n</think>\n\n${FINAL_ANSWER}`, CHUNKS)
    : parsedStream(ANSWER_REASONING, FINAL_ANSWER);

/**
 * Codex sends the call turn's reasoning item back with the tool result (it asks for
 * `reasoning.encrypted_content`); the gateway must put that text back on the assistant message.
 */
const reasoningCameBack = (request: ScriptedRequest): boolean =>
  Array.isArray(request.body.messages) &&
  (request.body.messages as Record<string, unknown>[]).some(
    (message) => message.role === "assistant" && message.reasoning === CALL_REASONING,
  );

const hasToolResult = (request: ScriptedRequest): boolean =>
  Array.isArray(request.body.messages) &&
  (request.body.messages as Record<string, unknown>[]).some(
    (message) => message.role === "tool" && JSON.stringify(message.content ?? "").includes(MARKER),
  );

/** First turn: call the shell tool. After the tool result: answer. Anything else: short text. */
const scriptFor = (kind: ServerKind) =>
  function script(request: ScriptedRequest): ScriptedReply {
    if (request.path === "/tokenize") return { status: 404, body: '{"detail":"Not Found"}' };
    if (hasToolResult(request)) return { payloads: answerTurn(kind), delayMs: () => 5 };
    const call = shellCall(request);
    if (call !== undefined) return { payloads: callTurn(kind, call), delayMs: () => 5 };
    return { payloads: readChunks("plain-text") };
  };

/** A model provider pointing at the gateway, and everything off that would reach the network or prompt. */
const codexConfig = (port: number) => `model = "${PRESET}"
model_provider = "sluice"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[analytics]
enabled = false

[feedback]
enabled = false

[otel]
exporter = "none"
trace_exporter = "none"
metrics_exporter = "none"

[model_providers.sluice]
name = "Sluice"
base_url = "http://127.0.0.1:${port}/v1"
wire_api = "responses"
env_key = "SLUICE_E2E_KEY"
# A failure shows up once, at once, instead of behind Codex's retries.
request_max_retries = 0
stream_max_retries = 0
`;

/** `codex exec --json` events (codex-rs exec_events): the ones this check reads. */
interface ExecEvent {
  readonly type?: string;
  readonly message?: string;
  readonly error?: { readonly message?: string };
  readonly item?: {
    readonly type?: string;
    readonly text?: string;
    readonly command?: string;
    readonly aggregated_output?: string;
    readonly exit_code?: number | null;
    readonly status?: string;
    readonly message?: string;
  };
}

async function main(): Promise<number> {
  const failed: string[] = [];
  for (const kind of ["raw", "parsing"] as const) {
    const label = `codex ${CODEX_VERSION}, ${PRESET} against a ${kind === "raw" ? "raw (no parsers)" : "parsing (vLLM --reasoning-parser/--tool-call-parser)"} upstream`;
    console.log(`=== ${label}`);
    if (!(await runAgainst(kind, label))) failed.push(label);
  }
  console.log(failed.length === 0 ? "PASS" : `FAIL: ${failed.join("; ")}`);
  return failed.length === 0 ? 0 : 1;
}

/** One `codex exec` run against its scripted upstream; true when the tool loop completed. */
async function runAgainst(kind: ServerKind, label: string): Promise<boolean> {
  // The server renders every request through Qwen3.5's template (vLLM's 400 where it raises).
  const upstream = await startTemplateUpstream(PRESET, scriptFor(kind));
  const gateway = await startE2eGateway(
    `models:\n  - name: ${PRESET}\n    preset: ${PRESET}\n    upstream:\n      base_url: ${upstream.baseUrl}\n      model: ${UPSTREAM_MODEL}\n`,
    CLIENT_KEY,
  );
  const { port } = gateway;
  const home = mkdtempSync(join(tmpdir(), "sluice-e2e-codex-"));
  const codexHome = join(home, ".codex");
  mkdirSync(codexHome);
  writeFileSync(join(codexHome, "config.toml"), codexConfig(port));
  const workdir = join(home, "work");
  mkdirSync(workdir);
  console.log(`gateway on http://127.0.0.1:${port}, upstream ${upstream.baseUrl}, HOME ${home}`);

  const run = await runClient({
    args: [
      `@openai/codex@${CODEX_VERSION}`,
      "exec",
      "--skip-git-repo-check",
      "-s",
      "danger-full-access",
      "--json",
      `Run the shell command \`echo ${MARKER}\` and tell me what it printed.`,
    ],
    cwd: workdir,
    env: { PATH: process.env.PATH ?? "", HOME: home, CODEX_HOME: codexHome, SLUICE_E2E_KEY: CLIENT_KEY },
    timeoutMs: TIMEOUT_MS,
  });
  const { exitCode } = run;
  const events = jsonLines<ExecEvent>(run.lines);
  const completed = events.filter((event) => event.type === "item.completed").map((event) => event.item);
  const command = completed.find(
    (item) => item?.type === "command_execution" && (item.aggregated_output ?? "").includes(MARKER),
  );
  const toolRan = command?.exit_code === 0;
  const messages = completed.filter((item) => item?.type === "agent_message").map((item) => item?.text);
  // Exactly the answer: not swallowed into reasoning, no template blank lines around it.
  const answered = messages.includes(FINAL_ANSWER);
  // Codex displays reasoning summaries only; the gateway streams the thinking as the summary it asks for.
  const reasonings = completed.filter((item) => item?.type === "reasoning").map((item) => item?.text);
  const reasoningShown = reasonings.includes(CALL_REASONING) && reasonings.includes(ANSWER_REASONING);
  const answerRequest = upstream.requests.find(hasToolResult);
  const upstreamSawResult = answerRequest !== undefined;
  const reasoningReturned = answerRequest !== undefined && reasoningCameBack(answerRequest);
  const errors = events.flatMap((event) =>
    event.type === "error" || event.type === "turn.failed"
      ? [event.message ?? event.error?.message ?? ""]
      : [],
  );

  console.log(`codex ${CODEX_VERSION} exited with ${exitCode}; ${run.lines.length} JSONL lines`);
  console.log("gateway requests:");
  for (const line of gateway.requestSummary()) console.log(`  ${line}`);
  console.log(
    `command ran: ${JSON.stringify(command?.command ?? null)} exit ${command?.exit_code ?? "-"}, output ${JSON.stringify(command?.aggregated_output ?? null)}`,
  );
  console.log(
    `template refusals: ${upstream.refusals.length === 0 ? "none" : upstream.refusals.join(" | ")}`,
  );
  console.log(`upstream received the tool result: ${upstreamSawResult}`);
  console.log(`the call turn's reasoning came back on the assistant message: ${reasoningReturned}`);
  console.log(`agent messages: ${JSON.stringify(messages)}`);
  console.log(`reasoning items: ${JSON.stringify(reasonings)}`);
  if (errors.length > 0) console.log(`codex errors: ${JSON.stringify(errors)}`);
  const passed =
    exitCode === 0 &&
    toolRan &&
    answered &&
    reasoningShown &&
    upstreamSawResult &&
    reasoningReturned &&
    upstream.refusals.length === 0;
  if (!passed) {
    console.log("--- codex stdout ---");
    console.log(run.lines.join("\n"));
    console.log("--- codex stderr ---");
    console.log(run.stderr);
    console.log("--- gateway log ---");
    console.log(gateway.logLines.join(""));
    console.log("--- upstream requests ---");
    for (const request of upstream.requests)
      console.log(`${request.method} ${request.path} ${JSON.stringify(request.body)}`);
  }
  await gateway.close();
  await upstream.close();
  rmSync(home, { recursive: true, force: true });
  console.log(passed ? `${label}: ok` : `${label}: FAILED`);
  return passed;
}

// `SLUICE_E2E_CLIENTS=claude` (or `codex`) picks the clients `pnpm test:e2e` drives; unset runs all.
const clients = process.env.SLUICE_E2E_CLIENTS?.split(",").map((name) => name.trim());
if (clients !== undefined && !clients.includes("codex")) console.log("codex: skipped (SLUICE_E2E_CLIENTS)");
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
