import type { MessageParam } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import { createDemoUpstream } from "../../src/demo/create-demo-upstream";
import { startTestGateway } from "../server/test-gateway";
import {
  type ClaudeCodeRequestOptions,
  claudeCodeChatRequest,
  claudeCodeMessagesRequest,
  environmentSection,
  systemReminder,
  typedTurn,
  WORKING_DIRECTORY,
} from "./claude-code-session";
import { allClaudeCodeSchemas, claudeCodeSessionTools } from "./claude-code-tools";
import { schemaProblems } from "./fits-schema";
import { parseQwenXmlCalls, typedArguments } from "./qwen-xml-call";
import { runDemo } from "./read-demo-stream";

const demo = createDemoUpstream({ tokenDelayMs: 0 });

/** What the demo answers a Claude Code request: its reasoning, its answer text, and its calls, typed. */
async function session(messages: readonly MessageParam[], options: ClaudeCodeRequestOptions = {}) {
  const run = await runDemo(demo, claudeCodeChatRequest(messages, options));
  const [reasoning = "", answer = ""] = run.content.split("</think>");
  const calls = parseQwenXmlCalls(run.content).map((call) => {
    const schema = allClaudeCodeSchemas.get(call.name)!;
    const args = typedArguments(call, schema.parameters);
    return { name: call.name, args, problems: schemaProblems(args, schema.parameters) };
  });
  return { run, reasoning, answer, calls };
}

const toolNamed = (name: string) => claudeCodeSessionTools.filter((tool) => tool.name === name);

describe("the demo in an interactive Claude Code session: what the user said", () => {
  it("quotes only what the user typed, never the <system-reminder> blocks Claude Code puts around it", async () => {
    for (const typed of ["hello there", "Explain what this project does"]) {
      const { run, reasoning } = await session([typedTurn(typed)]);
      expect(reasoning, typed).toContain(`"${typed}"`);
      expect(run.content, typed).not.toMatch(
        /system-reminder|claudeMd|CLAUDE|todo list|IMPORTANT|As you answer|linter/,
      );
    }
  });

  it("takes the user's words from the last message that has any, past a message of reminders only", async () => {
    const { reasoning } = await session([
      typedTurn("What does the build script do?"),
      { role: "assistant", content: "It compiles the sources." },
      { role: "user", content: [{ type: "text", text: systemReminder("The user opened package.json.") }] },
    ]);
    expect(reasoning).toContain('"What does the build script do?"');
    expect(reasoning).not.toContain("opened");
  });
});

describe("the demo in an interactive Claude Code session: small talk", () => {
  it.each([
    "hello there",
    "hi",
    "Hi!",
    "hey claude",
    "thanks!",
    "Thank you so much",
    "good morning",
    "how are you?",
    "who are you?",
    "ok",
    "bye",
  ])("answers %j with text only, though Claude Code's tools are offered", async (typed) => {
    const { run, answer, calls } = await session([typedTurn(typed)]);
    expect(calls).toEqual([]);
    expect(run.content).not.toContain("<tool_call>");
    expect(answer).toContain(`"${typed.replace(/[<>]/g, " ")}"`);
    expect(run.finishReason).toBe("stop");
  });

  it("answers Claude Code's start-up Warmup message with text only", async () => {
    const { calls } = await session([{ role: "user", content: "Warmup" }]);
    expect(calls).toEqual([]);
  });
});

describe("the demo in an interactive Claude Code session: harmless calls", () => {
  it.each([
    "delete all the temp files with rm -rf",
    "Run the tests and fix what fails",
    "What is the capital of France?",
    "print `whoami` and $HOME; $(curl example.com)",
  ])(
    "runs only an echo through Bash for %j: never the user's command, rm or anything that changes state",
    async (typed) => {
      const { calls } = await session([typedTurn(typed)]);
      expect(calls.map((call) => call.name)).toEqual(["Bash"]);
      const [{ args, problems }] = calls as [(typeof calls)[number]];
      expect(problems).toEqual([]);
      expect(args.command).toMatch(/^echo 'Sluice demo: [A-Za-z0-9 ,.:?!-]*'$/);
      for (const key of Object.keys(args)) expect(["command", "description"]).toContain(key);
    },
  );

  it.each([
    ["List the files in this project", { name: "Glob", args: { pattern: "*" } }],
    // A listing of the demo's own: never the user's `-la`.
    ["run ls -la", { name: "Glob", args: { pattern: "*" } }],
    ["Find all TODO comments", { name: "Grep", args: { pattern: "TODO" } }],
  ])("lists and searches with Claude Code 2.0's Glob and Grep for %j", async (typed, expected) => {
    const { calls } = await session([typedTurn(typed)]);
    expect(calls).toEqual([{ ...expected, problems: [] }]);
  });

  it.each([
    ["Read README.md", "README.md"],
    ["what's in src/index.ts?", "src/index.ts"],
    ["Summarise @docs/guide.md for me", "docs/guide.md"],
    [`Look at ${WORKING_DIRECTORY}/package.json`, "package.json"],
    ["edit README.md to say hello", "README.md"],
  ])("reads the file %j names, inside the working directory", async (typed, file) => {
    const { calls, reasoning } = await session([typedTurn(typed)]);
    expect(calls).toEqual([
      { name: "Read", args: { file_path: `${WORKING_DIRECTORY}/${file}` }, problems: [] },
    ]);
    expect(reasoning).toContain("inside the working directory");
  });

  it("finds the working directory in Claude Code 2.x's environment section too", async () => {
    const { calls } = await session([typedTurn("Read README.md")], {
      environment: environmentSection("/srv/app"),
    });
    expect(calls.map((call) => [call.name, call.args])).toEqual([
      ["Read", { file_path: "/srv/app/README.md" }],
    ]);
  });

  it.each([
    "read /etc/hosts",
    "Read ../secrets.env",
    "cat ~/.bashrc",
    "open /tmp/demo.txt",
    `read ${WORKING_DIRECTORY}-other/notes.md`,
  ])("never calls a tool with a path outside the working directory for %j", async (typed) => {
    const { calls } = await session([typedTurn(typed)]);
    expect(calls.map((call) => call.name)).not.toContain("Read");
    for (const call of calls) {
      for (const value of Object.values(call.args)) {
        if (typeof value === "string" && /^(?:\/|~|\.\.)/.test(value))
          expect(value.startsWith(`${WORKING_DIRECTORY}/`), value).toBe(true);
      }
    }
  });

  it("reads nothing when the system prompt states no working directory", async () => {
    const { calls } = await session([typedTurn("Read README.md")], { environment: "" });
    expect(calls.map((call) => call.name)).toEqual(["Bash"]);
  });

  it.each([
    "Ask me a question about my preferences",
    "ask the user which database to use",
    "Exit plan mode",
    "launch an agent for this task",
    "use the pdf skill",
    "kill the background shell",
    "show the bash output",
    "write a new file",
    "edit the notebook",
    "run the review slash command",
    "search the web for vLLM releases",
    "update my todo list",
  ])("never calls an asking, state-changing or unfillable tool on its own for %j", async (typed) => {
    const { calls } = await session([typedTurn(typed)]);
    const forbidden = [
      "AskUserQuestion",
      "ExitPlanMode",
      "Task",
      "Skill",
      "KillShell",
      "BashOutput",
      "Edit",
      "Write",
      "NotebookEdit",
      "SlashCommand",
    ];
    expect(calls).toHaveLength(1);
    for (const call of calls) {
      expect(forbidden).not.toContain(call.name);
      expect(call.problems).toEqual([]);
    }
  });

  it("answers with text when every tool offered asks the user or changes things", async () => {
    const tools = ["AskUserQuestion", "Edit", "Write", "Task", "KillShell"].flatMap(toolNamed);
    for (const typed of ["Fix the bug in README.md", "What should we do next?"]) {
      const { run, reasoning } = await session([typedTurn(typed)], { tools });
      expect(run.content, typed).not.toContain("<tool_call>");
      expect(reasoning).toContain("fits this without side effects");
    }
  });
});

describe("the demo in an interactive Claude Code session: after a tool result", () => {
  const bashTurn: MessageParam = {
    role: "assistant",
    content: [
      { type: "text", text: "I'll use the Bash tool for this." },
      {
        type: "tool_use",
        id: "toolu_01",
        name: "Bash",
        input: { command: "echo 'Sluice demo: List the files'" },
      },
    ],
  };

  it("answers with text that uses the result, though Claude Code appends a reminder to the turn", async () => {
    const { run, answer } = await session([
      typedTurn("List the files"),
      bashTurn,
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_01", content: "Sluice demo: List the files" },
          { type: "text", text: systemReminder("The user opened the file README.md in the IDE.") },
        ],
      },
    ]);
    expect(run.content).not.toContain("<tool_call>");
    expect(answer).toContain('The tool returned "Sluice demo: List the files"');
    expect(run.content).not.toMatch(/IDE|system-reminder/);
  });

  it("quotes a file it read, not the reminder Claude Code puts inside the result", async () => {
    const { answer } = await session([
      typedTurn("Read README.md"),
      {
        role: "assistant",
        content: [
          {
            type: "tool_use",
            id: "toolu_02",
            name: "Read",
            input: { file_path: `${WORKING_DIRECTORY}/README.md` },
          },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_02",
            content: `     1\t# Sluice playground\n\n${systemReminder(
              "Whenever you read a file, you should consider whether it looks malicious.",
            )}`,
          },
        ],
      },
    ]);
    expect(answer).toContain('"1 # Sluice playground"');
    expect(answer).not.toContain("malicious");
  });

  it("answers a new request after a finished exchange with a new call", async () => {
    const { calls } = await session([
      typedTurn("List the files"),
      bashTurn,
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "done" }] },
      { role: "assistant", content: "The tool returned done." },
      typedTurn("Now read README.md"),
    ]);
    expect(calls.map((call) => call.name)).toEqual(["Read"]);
  });
});

describe("the demo in an interactive Claude Code session: tool_choice", () => {
  it("calls a forced tool whatever it is, with a file of its own for one that changes files", async () => {
    const forced = async (name: string, typed: string) =>
      (await session([typedTurn(typed)], { toolChoice: { type: "tool", name } })).calls;
    expect(await forced("Read", "Read README.md")).toEqual([
      { name: "Read", args: { file_path: `${WORKING_DIRECTORY}/README.md` }, problems: [] },
    ]);
    const [bash] = await forced("Bash", "hello");
    expect(bash?.args.command).toMatch(/^echo '/);
    const [edit] = await forced("Edit", "Fix README.md");
    expect(edit).toMatchObject({ name: "Edit", args: { file_path: `${WORKING_DIRECTORY}/sluice-demo.txt` } });
    expect(edit?.problems).toEqual([]);
    const [ask] = await forced("AskUserQuestion", "hi");
    expect(ask).toMatchObject({ name: "AskUserQuestion", problems: [] });
  });

  it("answers with text for tool_choice none, and makes a harmless call for `any` even to small talk", async () => {
    const none = await session([typedTurn("Read README.md")], { toolChoice: { type: "none" } });
    expect(none.run.content).not.toContain("<tool_call>");
    const any = await session([typedTurn("hi")], { toolChoice: { type: "any" } });
    expect(any.calls.map((call) => call.name)).toEqual(["Bash"]);
    expect(any.calls[0]?.args.command).toMatch(/^echo '/);
  });
});

describe("the demo behind the gateway, as Claude Code sees it", () => {
  it("greets with text, reads a named file inside the working directory, and answers the result", async () => {
    const gateway = await startTestGateway(
      'models:\n  - name: qwen3.5\n    aliases: ["claude-*"]\n    preset: qwen3.5\n    upstream:\n      base_url: demo\n',
    );
    try {
      const send = async (messages: MessageParam[]) => {
        const response = await fetch(`${gateway.origin}/v1/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...claudeCodeMessagesRequest(messages), stream: false }),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as {
          stop_reason: string;
          content: Array<{ type: string; text?: string; id?: string; name?: string; input?: unknown }>;
        };
      };
      const greeting = await send([typedTurn("hello there")]);
      expect(greeting.stop_reason).toBe("end_turn");
      expect(greeting.content.map((block) => block.type)).toEqual(["thinking", "text"]);

      const asked = typedTurn("What is in README.md?");
      const reading = await send([asked]);
      expect(reading.stop_reason).toBe("tool_use");
      const toolUse = reading.content.find((block) => block.type === "tool_use");
      expect(toolUse).toMatchObject({ name: "Read", input: { file_path: `${WORKING_DIRECTORY}/README.md` } });

      const answered = await send([
        asked,
        { role: "assistant", content: reading.content as MessageParam["content"] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: toolUse?.id ?? "", content: "     1\t# Sluice playground" },
            { type: "text", text: systemReminder("The user opened README.md.") },
          ],
        },
      ]);
      expect(answered.stop_reason).toBe("end_turn");
      expect(answered.content.at(-1)?.text).toContain('The tool returned "1 # Sluice playground"');
    } finally {
      await gateway.close();
    }
  });
});
