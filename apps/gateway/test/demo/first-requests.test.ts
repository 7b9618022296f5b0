import type { JsonSchema } from "@sluice/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoUpstream } from "../../src/demo/create-demo-upstream";
import { startTestGateway, type TestGateway } from "../server/test-gateway";
import {
  RECORDED_WORKING_DIRECTORY,
  type RecordedClient,
  recordedRequest,
  routeOf,
  type ToolCall,
  toolCallsOf,
} from "./client-requests";
import { schemaProblems } from "./fits-schema";

const CLIENTS: readonly RecordedClient[] = ["claude-code-print", "claude-code-interactive", "codex-exec"];

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway(
    'models:\n  - name: qwen3.5\n    aliases: ["claude-*"]\n    preset: qwen3.5\n    upstream:\n      base_url: demo\n',
    { upstreamFor: () => createDemoUpstream({ tokenDelayMs: 0 }) },
  );
});

afterAll(async () => {
  await gateway?.close();
});

/** The client's recorded first request with `typed` in it, through the gateway to the demo: its calls. */
async function callsFor(client: RecordedClient, typed: string): Promise<ToolCall[]> {
  const response = await fetch(`${gateway.origin}${routeOf(client)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(recordedRequest(client, typed)),
  });
  expect(response.status, typed).toBe(200);
  return toolCallsOf(client, await response.json());
}

/** The input schemas the client sent, by tool name. */
function schemasOf(client: RecordedClient): Map<string, JsonSchema> {
  const tools = recordedRequest(client, "List the files in this directory").tools as Array<{
    name?: string;
    input_schema?: JsonSchema;
    parameters?: JsonSchema;
  }>;
  return new Map(tools.map((tool) => [tool.name ?? "", tool.input_schema ?? tool.parameters ?? {}]));
}

const shell = (client: RecordedClient) => (client === "codex-exec" ? "exec_command" : "Bash");
const commandOf = (client: RecordedClient, call: ToolCall | undefined) =>
  call?.input[client === "codex-exec" ? "cmd" : "command"];
const grep = (term: string) => `grep -rIl --exclude-dir=.git --exclude-dir=node_modules -- '${term}' .`;

type Expected =
  | { readonly command: string }
  | { readonly echo: true }
  | { readonly read: string }
  | { readonly none: true };

/**
 * Twenty plain first requests, what the demo does for each with the tools the clients really send: Claude
 * Code 2.1.332 offers Bash, Read, Edit, Write and its own tools (Agent, ListAgents, ToolSearch, Skill,
 * Workflow, ScheduleWakeup, ReportFindings, AskUserQuestion; Glob and Grep are gone), Codex 0.171.0 offers
 * exec_command and its own (write_stdin, request_user_input, view_image, goals). Listing, reading and
 * searching go to the shell (`ls`, `cat`, `grep -l`) or Read; anything else is an echo; small talk is text.
 */
const FIRST_REQUESTS: ReadonlyArray<readonly [string, Expected]> = [
  ["List the files in this directory", { command: "ls" }],
  ["List the files in this directory using the Bash tool", { command: "ls" }],
  ["What files are in this project?", { command: "ls" }],
  ["ls", { command: "ls" }],
  // The demo's own listing: never the user's flags or command line.
  ["run ls -la", { command: "ls" }],
  ["Read README.md", { read: "README.md" }],
  ["What's in package.json?", { read: "package.json" }],
  ["Summarize src/index.ts for me", { read: "src/index.ts" }],
  ["Find all TODO comments", { command: grep("TODO") }],
  ["Where is parseConfig defined?", { command: grep("parseConfig") }],
  ['Search the code for "createServer"', { command: grep("createServer") }],
  ["Explain what this project does", { echo: true }],
  ["Run the tests", { echo: true }],
  ["Fix the failing build", { echo: true }],
  ["What is the capital of France?", { echo: true }],
  ["Search the web for vLLM releases", { echo: true }],
  ["Update my todo list", { echo: true }],
  ["Ask me which database to use", { echo: true }],
  ["Write a hello world script in Python", { echo: true }],
  ["hello", { none: true }],
  ["thanks!", { none: true }],
];

describe("the demo's pick for a user's first request, with the tools Claude Code and Codex send", () => {
  for (const client of CLIENTS) {
    const schemas = schemasOf(client);
    it.each(FIRST_REQUESTS)(`${client}: %j`, async (typed, expected) => {
      const calls = await callsFor(client, typed);
      if ("none" in expected) {
        expect(calls).toEqual([]);
        return;
      }
      expect(calls).toHaveLength(1);
      const [call] = calls;
      expect(schemaProblems(call?.input, schemas.get(call?.name ?? "") ?? {})).toEqual([]);
      if ("read" in expected) {
        if (client === "codex-exec") {
          expect(call).toMatchObject({ name: "exec_command", input: { cmd: `cat -- '${expected.read}'` } });
        } else {
          expect(call).toEqual({
            name: "Read",
            input: { file_path: `${RECORDED_WORKING_DIRECTORY}/${expected.read}` },
          });
        }
        return;
      }
      expect(call?.name).toBe(shell(client));
      if ("command" in expected) expect(commandOf(client, call)).toBe(expected.command);
      else expect(commandOf(client, call)).toMatch(/^echo 'Sluice demo: [A-Za-z0-9 ,.:?!-]*'$/);
    });
  }
});

describe("a tool the user names wins, whatever it is", () => {
  it.each([
    ["List the agents", "claude-code-print", "ListAgents"],
    ["Use ToolSearch to load the web tools", "claude-code-interactive", "ToolSearch"],
    ["Ask me a question with the AskUserQuestion tool", "claude-code-interactive", "AskUserQuestion"],
    ["Use the Read tool on README.md", "claude-code-print", "Read"],
    ["call exec_command to list the files", "codex-exec", "exec_command"],
    ["Show my goal with get_goal", "codex-exec", "get_goal"],
  ] as const)("%j (%s) calls %s", async (typed, client, name) => {
    const calls = await callsFor(client, typed);
    expect(calls.map((call) => call.name)).toEqual([name]);
    expect(schemaProblems(calls[0]?.input, schemasOf(client).get(name) ?? {})).toEqual([]);
  });

  it("writes only a file of its own with a named tool that changes files", async () => {
    const [call] = await callsFor("claude-code-print", "Use the Write tool to save notes.txt");
    expect(call).toMatchObject({
      name: "Write",
      input: { file_path: `${RECORDED_WORKING_DIRECTORY}/sluice-demo.txt` },
    });
  });
});
