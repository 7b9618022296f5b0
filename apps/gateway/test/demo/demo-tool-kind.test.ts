import type { JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { demoToolKind } from "../../src/demo/demo-tool-kind";
import { claudeCodeSessionTools } from "./claude-code-tools";
import { recordedRequest } from "./client-requests";

interface SentTool {
  readonly type?: string;
  readonly name: string;
  readonly description?: string;
  readonly input_schema?: JsonSchema;
  readonly parameters?: JsonSchema;
}

const kindsOf = (tools: readonly SentTool[]) =>
  Object.fromEntries(
    tools.map((tool) => [
      tool.name,
      demoToolKind({
        name: tool.name,
        description: tool.description ?? "",
        parameters: tool.input_schema ?? tool.parameters ?? {},
      }),
    ]),
  );

describe("demoToolKind", () => {
  it("sorts Claude Code 2.1's tools, as it sends them, by what calling them would do", () => {
    const tools = recordedRequest("claude-code-interactive", "hi").tools as SentTool[];
    expect(kindsOf(tools)).toEqual({
      Bash: "shell",
      Read: "file-reader",
      AskUserQuestion: "asks-user",
      Edit: "risky",
      Write: "risky",
      Agent: "manages-client",
      ListAgents: "manages-client",
      ReportFindings: "manages-client",
      ScheduleWakeup: "manages-client",
      Skill: "manages-client",
      ToolSearch: "manages-client",
      Workflow: "manages-client",
      DeferredToolPlaceholder: "manages-client",
    });
  });

  it("sorts Codex's function tools the same way", () => {
    const tools = (recordedRequest("codex-exec", "hi").tools as SentTool[]).filter(
      (tool) => tool.type === "function",
    );
    expect(kindsOf(tools)).toEqual({
      exec_command: "shell",
      request_user_input: "asks-user",
      // An image viewer is no way to read a README, and its path is required.
      view_image: "risky",
      write_stdin: "manages-client",
      get_goal: "manages-client",
      create_goal: "manages-client",
      update_goal: "manages-client",
    });
  });

  it("sorts Claude Code 2.0's tools too", () => {
    const tools = claudeCodeSessionTools.map((tool) => ({ ...tool, description: tool.description }));
    expect(kindsOf(tools)).toEqual({
      Bash: "shell",
      Read: "file-reader",
      Glob: "file-lister",
      Grep: "file-searcher",
      AskUserQuestion: "asks-user",
      ExitPlanMode: "asks-user",
      Task: "manages-client",
      TodoWrite: "manages-client",
      Skill: "manages-client",
      Edit: "risky",
      Write: "risky",
      NotebookEdit: "risky",
      BashOutput: "risky",
      KillShell: "risky",
      SlashCommand: "risky",
      WebFetch: "plain",
      WebSearch: "plain",
    });
  });

  it("reads other clients' tools the same way", () => {
    const kindOf = (
      name: string,
      properties: Record<string, unknown>,
      required: string[],
      description = "",
    ) => demoToolKind({ name, description, parameters: { type: "object", properties, required } });
    const text = { type: "string" };
    expect(kindOf("execute_command", { command: text }, ["command"])).toBe("shell");
    expect(kindOf("shell", { command: { type: "array", items: text } }, ["command"])).toBe("risky");
    expect(kindOf("read_file", { path: text }, ["path"])).toBe("file-reader");
    expect(kindOf("list_files", { path: text }, ["path"])).toBe("file-lister");
    expect(kindOf("LS", { path: text }, ["path"])).toBe("file-lister");
    expect(kindOf("search_files", { path: text, regex: text }, ["path", "regex"])).toBe("file-searcher");
    expect(kindOf("write_file", { path: text, content: text }, ["path", "content"])).toBe("risky");
    expect(kindOf("create_issue", { title: text }, ["title"])).toBe("risky");
    expect(kindOf("get_pull_request", { pull_id: text }, ["pull_id"])).toBe("risky");
    expect(kindOf("request_input", { prompt: text }, ["prompt"], "Asks the user to choose.")).toBe(
      "asks-user",
    );
    expect(kindOf("update_plan", { plan: text }, ["plan"])).toBe("manages-client");
    expect(kindOf("send_message", { to: text }, ["to"], "Send a message to a teammate agent.")).toBe("risky");
    expect(kindOf("get_weather", { city: text }, ["city"])).toBe("plain");
    expect(kindOf("list_users", {}, [])).toBe("plain");
    expect(kindOf("summarise", { description: text }, ["description"])).toBe("plain");
  });
});
