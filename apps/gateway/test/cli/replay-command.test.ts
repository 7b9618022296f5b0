import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeSseEvents, type MessageStreamEvent } from "@sluice/protocol-anthropic";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/cli/run-cli";

const recordings = join(import.meta.dirname, "..", "recordings");
const rawQwen = join(recordings, "raw-qwen35-reasoning-and-qwen-xml-call.json");
const directory = mkdtempSync(join(tmpdir(), "sluice-replay-"));

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** `sluice ARGS` in-process: its exit code and what it wrote. */
async function sluice(
  ...args: string[]
): Promise<{ code: number | undefined; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  const code = await runCli(args);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

function recordingJson(path: string): Record<string, unknown> & { events: MessageStreamEvent[] } {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** A copy of the raw Qwen recording with `change` applied. */
// A recording as plain JSON, edited freely to make it wrong.
type Json = ReturnType<typeof JSON.parse>;

function edited(name: string, change: (file: Json) => void): string {
  const file = recordingJson(rawQwen);
  change(file);
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

describe("sluice replay", () => {
  it("prints the events as Anthropic SSE, identical to the recorded ones, and says so on stderr", async () => {
    const { code, stdout, stderr } = await sluice("replay", rawQwen);
    expect(code).toBe(0);
    expect(stdout).toBe(encodeSseEvents(recordingJson(rawQwen).events));
    expect(stderr).toBe(
      `sluice: replayed 59 upstream reads of ${rawQwen}: the events equal the recorded ones\n`,
    );
  });

  it("prints one JSON event per line with --format json", async () => {
    const { code, stdout } = await sluice("replay", rawQwen, "--format", "json", "--check");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual(recordingJson(rawQwen).events);
  });

  it("reports a difference on stderr: exit 0, or 1 with --check", async () => {
    const path = edited("changed.json", (file) => {
      const delta = file.events.find(
        (event: MessageStreamEvent) =>
          event.type === "content_block_delta" && event.delta.type === "text_delta",
      );
      delta.delta.text = "something the pipeline never said";
    });
    const plain = await sluice("replay", path);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(
      /the events differ from the recorded ones: event \d+ differs: recorded .*something the pipeline never said/,
    );
    expect(plain.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect((await sluice("replay", "--check", path)).code).toBe(1);
  });

  it("refuses a file it cannot use in one line naming the field, exit 1", async () => {
    const cases: [string, string][] = [
      [
        edited("bad-read.json", (file) => (file.upstream.reads[3].text = 5)),
        "upstream.reads.3.text: Expected string, actual 5",
      ],
      [edited("no-transcoder.json", (file) => delete file.transcoder), "transcoder: Required"],
      [edited("version.json", (file) => (file.version = 9)), "version: Expected 1, actual 9"],
      [
        edited("dialect.json", (file) => (file.transcoder.tool = "qwen_yaml")),
        'transcoder.tool: unknown tool dialect "qwen_yaml" (known: qwen_xml,',
      ],
    ];
    for (const [path, message] of cases) {
      const { code, stdout, stderr } = await sluice("replay", path);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr.split("\n")).toHaveLength(2);
      expect(stderr).toContain(`sluice: ${path}: ${message}`);
    }
    const notJson = join(directory, "not.json");
    writeFileSync(notJson, "{ nope");
    const broken = await sluice("replay", notJson);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^sluice: .*not\.json: not JSON: .*\n$/);
    const missing = await sluice("replay", join(directory, "missing.json"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^sluice: .*missing\.json: cannot read the file: .*ENOENT.*\n$/);
  });

  it("says there is nothing to replay when the upstream never answered 200", async () => {
    const path = edited("refused.json", (file) => {
      file.transcoder = null;
      file.upstream = { ...file.upstream, status: null, error: "connection refused", reads: [] };
      file.events = [];
    });
    const { code, stdout, stderr } = await sluice("replay", path);
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toBe(`sluice: ${path}: the upstream call failed: connection refused; nothing to replay\n`);
  });
});
