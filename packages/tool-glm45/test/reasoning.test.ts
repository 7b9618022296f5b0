import type { JsonSchema } from "@sluice/core";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { describe, expect, it } from "vitest";
import { glm45ToolDialect, glm47ToolDialect } from "../src";
import { argumentsOf, runGlm } from "./run-glm";

const tools: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};
const glm47Call = (content: string) =>
  `<tool_call>write_file<arg_key>path</arg_key><arg_value>a.txt</arg_value><arg_key>content</arg_key><arg_value>${content}</arg_value></tool_call>`;
const glm45Call = (content: string) =>
  `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>${content}</arg_value>\n</tool_call>`;

describe("qwen3 + glm47, thinking on (GLM-4.7/5.x start in reasoning)", () => {
  const run = (chunks: string | string[]) =>
    runGlm(chunks, {
      dialect: glm47ToolDialect(),
      reasoning: qwen3ReasoningDialect(),
      thinking: true,
      tools,
    });

  it("ends reasoning at a call inside it (GLM-5.2 skips </think>, vLLM #46040)", () => {
    const result = run(`Let me write it.${glm47Call("hi")}`);
    expect(result.reasoning).toBe("Let me write it.");
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "hi" }]);
    expect(result.content).toBeNull();
  });

  it("takes a zero-argument call inside reasoning too", () => {
    const result = run("I need the date.<tool_call>get_current_date</tool_call>");
    expect(result).toMatchObject({ reasoning: "I need the date.", calls: [{ name: "get_current_date" }] });
  });

  it("keeps <tool_call> followed by prose in reasoning (r072, r073: not a call)", () => {
    expect(run("I need to think<tool_call>tool call data</think>answer")).toMatchObject({
      reasoning: "I need to think<tool_call>tool call data",
      content: "answer",
      calls: [],
    });
  });

  it("keeps <think> and </think> inside a value literal", () => {
    const result = run(`plan</think>${glm47Call("<think>x</think> and </think>")}`);
    expect(result).toMatchObject({ reasoning: "plan", content: null });
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "<think>x</think> and </think>" }]);
  });

  it("flushes a partial </think> held by the reasoning parser before the call", () => {
    const result = run(["plan </thi", glm47Call("x")]);
    expect(result.reasoning).toBe("plan </thi");
    expect(result.calls).toHaveLength(1);
  });
});

describe("qwen3 + glm45, thinking on (GLM-4.5/4.6 write their own <think>)", () => {
  it("reads the GLM-4.5 layout after reasoning and text", () => {
    const result = runGlm(`\n<think>Plan it.</think>\nI will write the file.\n${glm45Call("body\n")}`, {
      dialect: glm45ToolDialect(),
      reasoning: qwen3ReasoningDialect(),
      thinking: true,
      tools,
    });
    expect(result.reasoning).toBe("\nPlan it.");
    expect(result.content).toBe("\nI will write the file.\n");
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "body\n" }]);
  });
});
