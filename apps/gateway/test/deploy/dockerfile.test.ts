import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readRepoFile, repoPath } from "./deploy-files";

// Offline lint of the Dockerfile (no daemon or hadolint in CI): the instructions the issue asks for, and
// that the paths it names match the build's real layout.

interface Instruction {
  readonly keyword: string;
  readonly argument: string;
}

/** Instructions in order: comments dropped, `\` continuations joined. */
function readInstructions(text: string): Instruction[] {
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"));
  return logical.map((line) => {
    const [keyword = "", ...rest] = line.trim().split(/\s+/);
    return { keyword: keyword.toUpperCase(), argument: rest.join(" ") };
  });
}

const instructions = readInstructions(readRepoFile("Dockerfile"));
const stages = instructions.reduce<Instruction[][]>((all, instruction) => {
  if (instruction.keyword === "FROM") all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const runtime = stages.at(-1)!;
const argumentsOf = (keyword: string, stage = runtime): string[] =>
  stage.filter((instruction) => instruction.keyword === keyword).map(({ argument }) => argument);
const jsonArgument = (keyword: string): string[] => JSON.parse(argumentsOf(keyword).at(-1)!) as string[];

describe("Dockerfile", () => {
  it("builds in a build stage and runs from a fresh node:20 image with nothing run in it", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]!.argument).toMatch(/^node:20-bookworm-slim\b/);
    expect(argumentsOf("RUN", runtime)).toEqual([]); // nothing installed or built at runtime
    expect(argumentsOf("COPY", runtime).every((argument) => argument.startsWith("--from="))).toBe(true);
  });

  it("installs the pnpm pinned in package.json, from the lockfile, and deploys production dependencies", () => {
    const { packageManager } = JSON.parse(readRepoFile("package.json")) as { packageManager: string };
    const build = argumentsOf("RUN", stages[0]).join("\n");
    expect(build).toContain(`npm i -g ${packageManager}`);
    expect(build).toMatch(/pnpm install --frozen-lockfile/);
    expect(build).toMatch(/deploy --prod/);
  });

  it("runs as a non-root user", () => {
    const user = argumentsOf("USER").at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
  });

  it("checks health on /ready with node, exposes 8080 and stops with SIGTERM", () => {
    const healthcheck = argumentsOf("HEALTHCHECK").join(" ");
    expect(healthcheck).toContain("http://127.0.0.1:8080/ready");
    expect(healthcheck).toMatch(/CMD \["node",/);
    expect(argumentsOf("EXPOSE")).toEqual(["8080"]);
    expect(argumentsOf("STOPSIGNAL")).toEqual(["SIGTERM"]);
  });

  it("starts the CLI the build writes, serving /etc/sluice/sluice.yaml on every interface", () => {
    const [node, cli] = jsonArgument("ENTRYPOINT");
    expect(node).toBe("node");
    const workdir = argumentsOf("WORKDIR").at(-1)!;
    // tsup writes src/cli.ts to dist/cli.js (tsup.config.ts), and the runtime copies dist/ to WORKDIR/dist.
    expect(readRepoFile("apps/gateway/tsup.config.ts")).toMatch(/entry: \{ cli: "src\/cli\.ts" \}/);
    expect(existsSync(repoPath("apps/gateway/src/cli.ts"))).toBe(true);
    expect(argumentsOf("COPY")).toContain(`--from=build /out/dist ./dist`);
    expect(cli).toBe(`${workdir}/dist/cli.js`);
    expect(jsonArgument("CMD")).toEqual([
      "serve",
      "--config",
      "/etc/sluice/sluice.yaml",
      "--host",
      "0.0.0.0",
    ]);
  });

  it("keeps installed and built output out of the build context", () => {
    const ignored = readRepoFile(".dockerignore").split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["**/node_modules", "**/dist", ".git"]));
  });
});
