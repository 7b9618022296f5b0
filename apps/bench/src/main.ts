import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";
import { benchBodies } from "./body-bench";
import { dialectScenarios } from "./dialect-scenarios";
import { benchHttp } from "./http-bench";
import { benchLoad } from "./load-bench";
import { benchMemory } from "./memory-bench";
import { benchDialects, benchSegmenter } from "./segmenter-bench";
import { benchStreamsAtOnce } from "./streams-at-once-bench";
import { benchStructured } from "./structured-bench";
import { qwen3ReasoningTrace, qwenXmlTrace } from "./traces";
import { benchWholePath } from "./whole-path-bench";
import { benchWorkers } from "./workers-bench";

// pnpm bench: the figures of docs/architecture.md §5. `pnpm bench -- segmenter` runs one section
// (`pnpm bench -- load --streams 100` passes the section its options).
const only = process.argv[2];
const sections: Record<string, () => Promise<void> | void> = {
  segmenter: () => {
    benchSegmenter({
      title: "Segmenter: qwen3 reasoning + text + markup",
      reasoning: qwen3ReasoningDialect(),
      trace: (bytes) => qwen3ReasoningTrace(bytes),
    });
  },
  "qwen-xml": () => {
    // The tool-call parser's worst case: one huge string parameter streamed live (512 KiB), repeated
    // to reach each stream size, so the per-byte cost shows whether anything rescans.
    benchSegmenter({
      title: "Segmenter: qwen3 + qwen_xml, 512 KiB string parameter per call",
      reasoning: qwen3ReasoningDialect(),
      tool: qwenXmlToolDialect(),
      tools: {
        Write: { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } } },
      },
      trace: (bytes) => {
        const parameterBytes = Math.min(512 * 1024, bytes - 1024);
        const call = qwenXmlTrace(parameterBytes).split("</think>")[1] as string;
        const calls: string[] = [];
        for (let size = 0; size < bytes - 1024; size += call.length) calls.push(call);
        return `Planning the file.</think>${calls.join("\n")}`;
      },
    });
  },
  dialects: () => benchDialects(dialectScenarios()),
  "whole-path": () => benchWholePath(),
  "streams-at-once": () => benchStreamsAtOnce(),
  structured: () => benchStructured(),
  memory: () => benchMemory(),
  http: () => benchHttp(),
  load: () => benchLoad(),
  workers: () => benchWorkers(),
  bodies: () => benchBodies(),
};

if (only) {
  const run = sections[only];
  if (!run) throw new Error(`unknown section ${only}; sections: ${Object.keys(sections).join(", ")}`);
  await run();
} else {
  console.log(`Sluice benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  // Each section in a fresh process, so one section's garbage and JIT state never weigh on the next.
  for (const name of Object.keys(sections)) {
    const result = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), name], {
      stdio: "inherit",
    });
    if (result.status !== 0) process.exitCode = 1;
  }
}
