import { describe, expect, it } from "vitest";
import { echoCommand } from "../../src/demo/echo-command";

describe("echoCommand", () => {
  it("echoes the user's first words inside single quotes", () => {
    expect(echoCommand("List the files in this project")).toBe(
      "echo 'Sluice demo: List the files in this project'",
    );
    expect(echoCommand("")).toBe("echo 'Sluice demo: hello'");
  });

  it("lets nothing from the user's text reach the shell", () => {
    for (const text of [
      'it\'s `rm -rf /` $(reboot); echo "$HOME" | sh > x',
      "'; rm -rf ~; echo '",
      "\\' && ls",
    ]) {
      expect(echoCommand(text)).toMatch(/^echo 'Sluice demo: [A-Za-z0-9 ,.:?!-]*'$/);
    }
  });
});
