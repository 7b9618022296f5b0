/**
 * Opt-in end-to-end check with the real Claude Code CLI (`pnpm test:e2e`, which then runs codex.e2e.ts for
 * Codex CLI; `SLUICE_E2E_CLIENTS=claude` runs this one alone; not part of `pnpm test`): a multi-turn tool
 * loop (Bash `echo sluice-e2e`, then Bash `echo sluice-e2e-again`, then a text answer) against a model server
 * that renders every request through the family's chat template (test/templates: vLLM's 400 where the
 * template raises, as for Claude Code's late `system` entry on a stock Qwen3.5 server), the gateway in front of
 * it with the family's preset, and `npx -y @anthropic-ai/claude-code -p …` pointed at the gateway. Runs:
 * - `qwen3.5` twice with the SAME preset: against a server that streams raw markup, and against one that
 *   parses itself (structured `reasoning` and `tool_calls`);
 * - every other preset with a tool dialect, raw, each call written as the family's template writes it
 *   (test/server/raw-markup), its reasoning where the template leaves the model (test/agent-loops) — DeepSeek
 *   V3.1 against its template fixed as the gateway's error advises (the stock one cannot take a past call).
 * `SLUICE_E2E_PRESETS=glm-4.7,kimi-k2.5` picks presets. Passes when, every time, no request was refused by the
 * template, each main-loop request started with the previous one's messages (the prefix cache), Claude Code
 * ran both commands and printed exactly the final answer (not swallowed into thinking, no template blank
 * lines). Needs network access for npx the first time.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRESETS } from "../src/config/presets";
import { templateReasoning, toolResultCount } from "../test/agent-loops/loop-model";
import { chatChunk, rawStream, textPieces, usageChunk } from "../test/server/chat-chunks";
import type { RawCall, RawMarkup } from "../test/server/raw-markup/raw-markup";
import type { ScriptedReply, ScriptedRequest } from "../test/server/scripted-upstream";
import { startTemplateUpstream } from "../test/templates/template-upstream";
import { jsonLines, runClient } from "./run-client";
import { startE2eGateway } from "./start-e2e-gateway";

const MARKER = "sluice-e2e";
const CLIENT_KEY = "sk-sluice-e2e-client";
const TIMEOUT_MS = Number(process.env.SLUICE_E2E_TIMEOUT_MS ?? 300_000);

const COMMANDS = [`echo ${MARKER}`, `echo ${MARKER}-again`];
const REASONING = "The user wants me to run the commands one after the other.";
const FINAL_ANSWER = "Both commands printed their marker: the tools ran.";

type ServerKind = "raw" | "parsing";

/** One Claude Code run: a preset, the template its server renders with, and how the model writes a turn. */
interface Run {
  readonly label: string;
  readonly preset: string;
  readonly template: string;
  readonly model: string;
  readonly kind: ServerKind;
  readonly markup: RawMarkup | undefined;
}

// DeepSeek V3.1's stock template cannot take a past call on vLLM: the loop runs against the advised fix.
const TEMPLATE_OF: Readonly<Record<string, string>> = { "deepseek-v3.1": "deepseek-v3.1-tojson" };

/**
 * The model: Bash once per command, then the answer. Side requests (titles, quota checks: no Bash offered) get
 * a short text. Its reasoning starts where the family's template left it.
 */
function scriptFor(run: Run) {
  const reasoningFor = templateReasoning(run.preset, run.template);
  return function script(request: ScriptedRequest): ScriptedReply {
    if (request.path !== "/v1/chat/completions") return { status: 404, body: '{"detail":"Not Found"}' };
    const messages = Array.isArray(request.body.messages)
      ? (request.body.messages as Record<string, unknown>[])
      : [];
    const tools = Array.isArray(request.body.tools)
      ? (request.body.tools as { function?: { name?: string } }[])
      : [];
    if (!tools.some((tool) => tool.function?.name === "Bash")) return { payloads: rawStream("Sluice e2e") };
    const done = toolResultCount(messages);
    const command = COMMANDS[done];
    const call: RawCall | undefined =
      command === undefined
        ? undefined
        : { name: "Bash", arguments: { command, description: "Print a marker" } };
    const text = call === undefined ? FINAL_ANSWER : "I will run it.";
    if (run.kind === "parsing") return { payloads: parsedTurn(request.body, text, call, done) };
    const reasoning = reasoningFor(request.body, REASONING);
    const markup = call === undefined ? "" : `\n\n${run.markup?.render([call])}`;
    return { payloads: rawStream(`${reasoning}${text}${markup}`), delayMs: () => 5 };
  };
}

/** vLLM with --reasoning-parser and --tool-call-parser: structured reasoning and calls, content is the text. */
function parsedTurn(
  body: Record<string, unknown>,
  text: string,
  call: RawCall | undefined,
  turn: number,
): string[] {
  const kwargs = (body.chat_template_kwargs ?? {}) as Record<string, unknown>;
  const thinking = kwargs.enable_thinking === true;
  return [
    chatChunk({ role: "assistant", content: "" }),
    ...(thinking ? textPieces(REASONING).map((piece) => chatChunk({ reasoning: piece })) : []),
    ...textPieces(`\n\n${text}`).map((piece) => chatChunk({ content: piece })),
    ...(call === undefined
      ? []
      : [
          chatChunk({
            // vLLM mints a new id per call; Claude Code keys its tool results by them.
            tool_calls: [
              {
                index: 0,
                id: `chatcmpl-tool-e2e-${turn}`,
                type: "function",
                function: { name: call.name, arguments: "" },
              },
            ],
          }),
          ...textPieces(JSON.stringify(call.arguments)).map((piece) =>
            chatChunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
          ),
        ]),
    chatChunk({}, call === undefined ? "stop" : "tool_calls"),
    usageChunk(),
    "[DONE]",
  ];
}

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

async function plannedRuns(): Promise<Run[]> {
  const markups = await loadRawMarkup();
  const runs = PRESETS.filter((preset) => preset.toolParser !== "none").flatMap((preset): Run[] => {
    const markup = markups.get(preset.toolParser);
    if (markup === undefined) return [];
    const template = TEMPLATE_OF[preset.name] ?? preset.name;
    const run = (kind: ServerKind): Run => ({
      label: `${preset.name} against a ${kind === "raw" ? `raw upstream (${preset.toolParser} markup)` : "parsing upstream (vLLM --reasoning-parser/--tool-call-parser)"}, template ${template}`,
      preset: preset.name,
      template,
      model: preset.name,
      kind,
      markup,
    });
    return preset.name === "qwen3.5" ? [run("raw"), run("parsing")] : [run("raw")];
  });
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
  const upstream = await startTemplateUpstream(run.template, scriptFor(run));
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
      `Run \`${COMMANDS[0]}\`, then \`${COMMANDS[1]}\`, each with the Bash tool, and tell me what they printed.`,
      "--output-format",
      "stream-json",
      "--verbose",
      "--allowedTools",
      "Bash",
      // A gateway that never ends the loop fails the run instead of running until the timeout.
      "--max-turns",
      "6",
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
  const results = parsed.filter(
    (line) => line.type === "user" && JSON.stringify(line.message?.content ?? "").includes(MARKER),
  );
  const toolRan = results.length === COMMANDS.length;
  const result = parsed.find((line) => line.type === "result");
  // Exactly the answer: not swallowed into thinking, no template blank lines around it.
  const answered = result?.is_error !== true && result?.result === FINAL_ANSWER;
  const upstreamSawResult = upstream.requests.some(
    (request) => toolResultCount((request.body.messages ?? []) as unknown[]) > 0,
  );
  // The main loop's requests (those offering Bash), each starting with the previous one's messages.
  const loop = upstream.requests.filter((request) =>
    JSON.stringify(request.body.tools ?? []).includes('"Bash"'),
  );
  const prefixKept = loop.every((request, index) => {
    const before = (loop[index - 1]?.body.messages ?? []) as unknown[];
    const after = (request.body.messages ?? []) as unknown[];
    return before.every((message, at) => JSON.stringify(message) === JSON.stringify(after[at]));
  });

  const version = parsed.find((line) => line.type === "system") as
    | { claude_code_version?: string }
    | undefined;
  console.log(
    `claude ${version?.claude_code_version ?? "(version unknown)"} exited with ${exitCode}; ${client.lines.length} stream-json lines`,
  );
  console.log("gateway requests:");
  for (const line of gateway.requestSummary()) console.log(`  ${line}`);
  console.log(
    `template refusals: ${upstream.refusals.length === 0 ? "none" : upstream.refusals.join(" | ")}`,
  );
  console.log(`main-loop requests: ${loop.length}, each extending the previous one: ${prefixKept}`);
  console.log(`tools ran (tool_results with ${MARKER}): ${results.length} of ${COMMANDS.length}`);
  console.log(`upstream received the tool result: ${upstreamSawResult}`);
  console.log(`final answer: ${JSON.stringify(result?.result ?? null)}`);
  const passed =
    exitCode === 0 &&
    toolRan &&
    answered &&
    upstreamSawResult &&
    upstream.refusals.length === 0 &&
    prefixKept;
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
