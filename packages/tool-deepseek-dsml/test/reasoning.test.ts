import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import { describe, expect, it } from "vitest";
import { argumentsOf, runDsml } from "./run-dsml";

const D = "｜DSML｜";
const thinking = { reasoning: deepseekV41ReasoningDialect(), thinking: true };
const dsmlCall = `<${D}tool_calls>\n<${D}invoke name="read_file">\n<${D}parameter name="path" string="true">/tmp/example.lean</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>`;

describe("DSML and reasoning (deepseek_v41 in front, thinking on)", () => {
  it("ends reasoning at a block opener the model wrote without </think> (r095, research §4.4)", () => {
    const result = runDsml(`Let me search.\n\n${dsmlCall}`, thinking);
    expect(result.reasoning).toBe("Let me search.\n\n");
    expect(result.content).toBeNull();
    expect(argumentsOf(result)).toEqual([{ path: "/tmp/example.lean" }]);
  });

  it("ends reasoning at V4.1's spaced opener too, with the invoke split anywhere", () => {
    const spaced = dsmlCall
      .replaceAll(D, `${D} `)
      .replace(`${D} tool_calls`, `${D} calls`)
      .replace(`${D} tool_calls`, `${D} calls`);
    const result = runDsml(["Plan", " first.", `\n\n${spaced.slice(0, 9)}`, spaced.slice(9)], thinking);
    expect(result.reasoning).toBe("Plan first.\n\n");
    expect(result.calls.map((call) => call.name)).toEqual(["read_file"]);
  });

  it("keeps a bare invoke in reasoning as reasoning: only the block opener is explicit", () => {
    const bare = `<${D}invoke name="read_file">\n</${D}invoke>`;
    const result = runDsml(`Maybe ${bare} later.`, thinking);
    expect(result.reasoning).toBe(`Maybe ${bare} later.`);
    expect(result.calls).toEqual([]);
  });

  it("calls after </think> as usual, and a <think> after the call re-enters reasoning (interleaved thinking)", () => {
    const result = runDsml(`Plan.</think>Checking.\n\n${dsmlCall}<think>Next step.`, thinking);
    expect(result.reasoning).toBe("Plan.Next step.");
    expect(result.content).toBe("Checking.\n\n");
    expect(result.calls).toHaveLength(1);
  });

  it("keeps the end-of-sentence marker out of the reasoning", () => {
    const result = runDsml("Thinking only.<｜end▁of▁sentence｜>", thinking);
    expect(result.reasoning).toBe("Thinking only.");
  });
});
