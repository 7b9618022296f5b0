import { join } from "node:path";
import { createParserContext, createSegmenter } from "@sluice/core";
import { everySplit, runConformance } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { byteChunkings, eventsOf, optionsFor, readRecording, replayUpstream } from "../src/testkit";
import { scenarios } from "./recorded-scenarios";

// The failure: through a raw Qwen3.5 server, a Write cut by the token limit was closed with the text that had
// come, and Claude Code, which runs every tool_use block that was stopped, overwrote the file with half of it.
const RECORDING = "raw-qwen35-write-cut-by-length-overwrote-file";
const scenario = scenarios.find((candidate) => candidate.recording === RECORDING)!;
const options = optionsFor(scenario);

// What went out of the Write: its arguments as far as the model wrote them, never a closing `"}`.
const CUT_ARGUMENTS =
  '{"file_path": "/home/user/project/notes.md", "content": "# Notes\\n\\n## Setup\\n\\nRun `pnpm install`, then `pnpm build`.\\n\\n## Usage\\n\\nStart the gateway with';

/** The recording's `content` deltas: the raw text the dialects read. */
function contentDeltas(): string[] {
  return readRecording(join(import.meta.dirname, "fixtures", `${RECORDING}.chunks.jsonl`)).flatMap(
    (payload) => {
      if (payload === "[DONE]") return [];
      const content = (JSON.parse(payload) as { choices: { delta?: { content?: string } }[] }).choices[0]
        ?.delta?.content;
      return content ? [content] : [];
    },
  );
}

runConformance({
  suite: `${RECORDING}: the dialects cut the Write at every split (conformance runner)`,
  cases: [{ id: RECORDING, chunks: contentDeltas() }],
  moreChunkings: everySplit,
  createParser: (_testCase, sink) =>
    createSegmenter({
      reasoning: options.reasoning,
      tool: options.tool,
      context: createParserContext({ thinking: options.thinking, tools: options.tools ?? new Map() }),
      sink,
    }),
  check: (_testCase, summary) => {
    expect(summary.calls).toMatchObject([
      { name: "Write", argumentsJson: CUT_ARGUMENTS, ended: true, cut: true },
    ]);
    expect(summary.warnings.map((warning) => warning.code)).toEqual(["qwen_xml.unterminated_call"]);
  },
});

describe(`${RECORDING}: what the client gets`, () => {
  it("leaves the Write open before message-end max_tokens, in every read of the bytes", () => {
    for (const chunking of byteChunkings(eventsOf(scenario))) {
      const { events, problems } = replayUpstream(options, chunking.chunks);
      expect(problems, chunking.name).toEqual([]);
      const start = events.findIndex((event) => event.type === "block-start" && event.kind === "tool-call");
      const after = events.slice(start + 1);
      const json = after
        .map((event) => (event.type === "block-delta" && event.kind === "arguments" ? event.text : ""))
        .join("");
      expect(json, chunking.name).toBe(CUT_ARGUMENTS);
      // No block-stop: Claude Code runs a stopped tool_use whatever the turn says next.
      expect(
        after.map((event) => event.type).filter((type) => type !== "block-delta"),
        chunking.name,
      ).toEqual(["message-end"]);
      expect(events.at(-1), chunking.name).toMatchObject({ type: "message-end", stopReason: "max_tokens" });
    }
  });
});
