import { describe, expect, it } from "vitest";
import { demoToolKind } from "../../src/demo/demo-tool-kind";
import { claudeCodeSessionTools } from "./claude-code-tools";

describe("demoToolKind", () => {
  it("sorts Claude Code's tools by what calling them would do", () => {
    const kinds = Object.fromEntries(
      claudeCodeSessionTools.map((tool) => [
        tool.name,
        demoToolKind({ name: tool.name, description: tool.description, parameters: tool.input_schema }),
      ]),
    );
    expect(kinds).toEqual({
      Bash: "shell",
      Read: "file-reader",
      AskUserQuestion: "asks-user",
      ExitPlanMode: "asks-user",
      Task: "risky",
      Edit: "risky",
      Write: "risky",
      NotebookEdit: "risky",
      BashOutput: "risky",
      KillShell: "risky",
      SlashCommand: "risky",
      Skill: "risky",
      Glob: "plain",
      Grep: "plain",
      WebFetch: "plain",
      WebSearch: "plain",
      TodoWrite: "plain",
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
    expect(kindOf("read_file", { path: text }, ["path"])).toBe("file-reader");
    expect(kindOf("write_file", { path: text, content: text }, ["path", "content"])).toBe("risky");
    expect(kindOf("create_issue", { title: text }, ["title"])).toBe("risky");
    expect(kindOf("get_pull_request", { pull_id: text }, ["pull_id"])).toBe("risky");
    expect(kindOf("request_input", { prompt: text }, ["prompt"], "Asks the user to choose.")).toBe(
      "asks-user",
    );
    expect(kindOf("get_weather", { city: text }, ["city"])).toBe("plain");
    expect(kindOf("summarise", { description: text }, ["description"])).toBe("plain");
  });
});
