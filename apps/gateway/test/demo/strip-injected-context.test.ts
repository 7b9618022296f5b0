import { describe, expect, it } from "vitest";
import { stripInjectedContext } from "../../src/demo/strip-injected-context";

describe("stripInjectedContext", () => {
  it("keeps only the user's own words around Claude Code's reminders", () => {
    const text = [
      "<system-reminder>\nAs you answer the user's questions, you can use the following context:\n# claudeMd\n</system-reminder>",
      "hello there",
      "<system-reminder>\nYour todo list is empty.\n</system-reminder>",
    ].join("\n");
    expect(stripInjectedContext(text)).toBe("hello there");
  });

  it("drops slash-command records, hook output, `!` shell records and an unclosed reminder", () => {
    expect(
      stripInjectedContext(
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>",
      ),
    ).toBe("");
    expect(stripInjectedContext("<local-command-stdout>cleared</local-command-stdout>")).toBe("");
    expect(stripInjectedContext("<bash-input>ls</bash-input><bash-stdout>a b</bash-stdout>fix it")).toBe(
      "fix it",
    );
    expect(stripInjectedContext('<user-prompt-submit-hook a="1">ok</user-prompt-submit-hook>go')).toBe("go");
    expect(stripInjectedContext("read it <system-reminder>\ncut off")).toBe("read it");
  });

  it("leaves other markup alone: it may be the user's own", () => {
    expect(stripInjectedContext("explain </think> and <tool_call> tags")).toBe(
      "explain </think> and <tool_call> tags",
    );
  });
});
