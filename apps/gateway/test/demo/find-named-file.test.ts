import { describe, expect, it } from "vitest";
import { findNamedFile } from "../../src/demo/find-named-file";
import { findWorkingDirectory } from "../../src/demo/find-working-directory";
import { resolveInside } from "../../src/demo/resolve-inside";

const cwd = "/home/dev/project";

describe("findWorkingDirectory", () => {
  it("reads Claude Code's <env> line and its newer list item", () => {
    expect(findWorkingDirectory("<env>\nWorking directory: /home/dev/project\nPlatform: linux\n</env>")).toBe(
      cwd,
    );
    expect(
      findWorkingDirectory("# Environment\n - Primary working directory: /srv/app\n - Platform: linux"),
    ).toBe("/srv/app");
    expect(findWorkingDirectory("Working directory: C:\\Users\\dev\\project")).toBe(
      "C:\\Users\\dev\\project",
    );
  });

  it("takes only an absolute directory, and only a line that states it", () => {
    expect(findWorkingDirectory("Working directory: project")).toBeUndefined();
    expect(findWorkingDirectory("Your working directory: is where you started")).toBeUndefined();
    expect(findWorkingDirectory("You are Claude Code.")).toBeUndefined();
  });
});

describe("resolveInside", () => {
  it("resolves relative and absolute paths strictly inside the working directory", () => {
    expect(resolveInside(cwd, "src/index.ts")).toBe(`${cwd}/src/index.ts`);
    expect(resolveInside(cwd, `${cwd}/README.md`)).toBe(`${cwd}/README.md`);
    expect(resolveInside(cwd, "./a/../b.md")).toBe(`${cwd}/b.md`);
    expect(resolveInside("C:\\work", "src\\a.ts")).toBe("C:\\work\\src\\a.ts");
  });

  it.each([
    "/etc/hosts",
    "../secrets.env",
    "src/../../x.md",
    "~/.bashrc",
    `${cwd}-other/notes.md`,
    cwd,
    ".",
    "",
  ])("refuses %j", (path) => {
    expect(resolveInside(cwd, path)).toBeUndefined();
  });
});

describe("findNamedFile", () => {
  it.each([
    ["Read README.md", "README.md"],
    ["what's in `src/index.ts`?", "src/index.ts"],
    ["Summarise @docs/guide.md.", "docs/guide.md"],
    ["check the Makefile", "Makefile"],
    ["open .env please", ".env"],
    ["compare /etc/hosts with package.json", "package.json"],
  ])("finds the file in %j", (text, file) => {
    expect(findNamedFile(text, cwd)).toBe(`${cwd}/${file}`);
  });

  it.each([
    "read /etc/hosts",
    "open example.com",
    "see https://example.com/a.md",
    "e.g. this, i.e. that",
    "upgrade to Qwen3.5 and v1.2",
    "list the files",
  ])("finds none in %j", (text) => {
    expect(findNamedFile(text, cwd)).toBeUndefined();
  });
});
