/**
 * Writes the example recordings of this folder by recording real exchanges: a gateway with
 * `server.record_dir` in front of a scripted upstream. Run it again when the format changes:
 *   pnpm --filter @sluice/gateway exec tsx test/recordings/record-examples.ts
 */
import { mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { askGateway, BASH_TOOL, startRecordingRun } from "../record/record-exchange";
import { readChunks } from "../server/scripted-upstream";

interface Example {
  /** The committed file's name (without `.json`). */
  readonly name: string;
  readonly chunks: string;
  /** Extra model keys. */
  readonly model?: string;
  readonly body: Record<string, unknown>;
}

const EXAMPLES: Example[] = [
  {
    name: "raw-qwen35-reasoning-and-qwen-xml-call",
    chunks: "raw-qwen35-thinking-text-tool-call",
    model: "    preset: qwen3.5",
    body: {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      stream: true,
      thinking: { type: "enabled", budget_tokens: 512 },
      tools: [BASH_TOOL],
      messages: [{ role: "user", content: "List the files in the project." }],
    },
  },
  {
    name: "parsing-server-structured-bash-call",
    chunks: "claude-code-bash-call-parsed",
    model: "    preset: qwen3.5",
    body: {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      stream: false,
      tools: [BASH_TOOL],
      messages: [{ role: "user", content: "Which Node version is installed?" }],
    },
  },
  {
    name: "error-chunk-mid-stream",
    chunks: "error-chunk-mid-stream",
    body: {
      model: "claude-haiku-4-5",
      max_tokens: 256,
      stream: true,
      messages: [{ role: "user", content: "Say something." }],
    },
  },
];

const target = import.meta.dirname;
for (const example of EXAMPLES) {
  const directory = mkdtempSync(join(tmpdir(), "sluice-record-"));
  const run = await startRecordingRun(
    directory,
    () => ({ payloads: readChunks(example.chunks), delayMs: () => 5 }),
    example.model === undefined ? {} : { model: example.model },
  );
  try {
    const response = await askGateway(run.gateway.origin, example.body);
    await response.text();
    await run.texts(1);
    const [file] = readdirSync(directory).filter((name) => name.endsWith(".json"));
    renameSync(join(directory, file as string), join(target, `${example.name}.json`));
    process.stdout.write(`wrote ${example.name}.json\n`);
  } finally {
    await run.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
