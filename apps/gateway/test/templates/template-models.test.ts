import type { ChatMessage } from "@sluice/upstream-chat";
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../src/config/presets";
import { applyTemplateRules } from "../../src/translate/apply-template-rules";
import { TEMPLATE_CASES, TOOLS } from "./template-cases";
import { TEMPLATE_PRESETS, templateModelFor } from "./template-model-for";

describe("template models", () => {
  it.each(TEMPLATE_CASES.map((c) => [`${c.preset}: ${c.name}`, c] as const))("%s", (_, testCase) => {
    const result = templateModelFor(testCase.preset).render(testCase.body);
    if (testCase.raises !== undefined) {
      expect(result).toEqual({ ok: false, message: testCase.raises });
      return;
    }
    if (!result.ok) throw new Error(`unexpected raise: ${result.message}`);
    for (const text of testCase.keeps ?? []) expect(result.prompt).toContain(text);
    for (const text of testCase.drops ?? []) expect(result.prompt).not.toContain(text);
    if (testCase.generationEnds !== undefined)
      expect(result.generation.endsWith(testCase.generationEnds)).toBe(true);
  });

  // A loop the gateway's rules produce: one leading system, the turns re-sent as they were.
  const turns = [
    { role: "system", content: "SYS" },
    { role: "user", content: "ASK" },
    {
      role: "assistant",
      content: "",
      reasoning: "R1",
      tool_calls: [{ id: "c1", type: "function", function: { name: "Bash", arguments: '{"command":"ls"}' } }],
    },
    { role: "tool", tool_call_id: "c1", content: "OUT1" },
    {
      role: "assistant",
      content: "",
      reasoning: "R2",
      tool_calls: [
        { id: "c2", type: "function", function: { name: "Bash", arguments: '{"command":"pwd"}' } },
      ],
    },
    { role: "tool", tool_call_id: "c2", content: "OUT2" },
  ];
  // V3.1 and R1 raise on any past tool call under vLLM (see their cases); Hermes renders the last
  // tool result without the newline it gets once a turn follows (below); Mistral raises on ids this short,
  // which the gateway never sends it (its dialect renames them, below); Gemma 4 reads tool results only as
  // tool_responses, which its preset's rules make of them (below).
  const looping = TEMPLATE_PRESETS.filter(
    (preset) => !["deepseek-v3.1", "deepseek-r1", "hermes", "mistral", "gemma-4"].includes(preset),
  );

  it.each(looping)("%s: each request of a tool loop starts with the previous one's turns", (preset) => {
    const model = templateModelFor(preset);
    const first = model.render({ messages: turns.slice(0, 4), tools: TOOLS });
    const second = model.render({ messages: turns, tools: TOOLS });
    if (!first.ok || !second.ok) throw new Error("the loop must render");
    expect(second.conversation.startsWith(first.conversation)).toBe(true);
    expect(second.conversation.length).toBeGreaterThan(first.conversation.length);
  });

  it("mistral: each request of a tool loop with nine-character ids starts with the previous one's turns", () => {
    const model = templateModelFor("mistral");
    const renamed = JSON.parse(
      JSON.stringify(turns).replaceAll('"c1"', '"call00000"').replaceAll('"c2"', '"call00001"'),
    );
    const first = model.render({ messages: renamed.slice(0, 4), tools: TOOLS });
    const second = model.render({ messages: renamed, tools: TOOLS });
    if (!first.ok || !second.ok) throw new Error("the loop must render");
    expect(second.conversation.startsWith(first.conversation)).toBe(true);
    expect(second.conversation.length).toBeGreaterThan(first.conversation.length);
  });

  it("gemma-4: each request of a tool loop, shaped by the preset's rules, starts with the previous one's turns", () => {
    const rules = PRESETS.find((preset) => preset.name === "gemma-4")?.template;
    const shape = (messages: typeof turns) =>
      applyTemplateRules(messages as unknown as readonly ChatMessage[], rules) as unknown as unknown[];
    const model = templateModelFor("gemma-4");
    const first = model.render({ messages: shape(turns.slice(0, 4)), tools: TOOLS });
    const second = model.render({ messages: shape(turns), tools: TOOLS });
    if (!first.ok || !second.ok) throw new Error(`the loop must render: ${JSON.stringify([first, second])}`);
    expect(first.generation).toBe("<|channel>thought\n<channel|>");
    expect(second.conversation.startsWith(first.conversation)).toBe(true);
    expect(second.conversation).toContain(
      '<|tool_response>response:Bash{value:<|"|>OUT2<|"|>}<tool_response|>',
    );
  });

  it("hermes: the last tool result loses a newline once a turn follows it", () => {
    const model = templateModelFor("hermes");
    const first = model.render({ messages: turns.slice(0, 4), tools: TOOLS });
    const second = model.render({ messages: turns, tools: TOOLS });
    if (!first.ok || !second.ok) throw new Error("the loop must render");
    expect(first.conversation.endsWith("OUT1\n</tool_response><|im_end|>")).toBe(true);
    expect(second.conversation).toContain("OUT1\n</tool_response>\n<|im_end|>");
  });

  it("answers for every preset of the gateway", () => {
    for (const preset of [
      "qwen3",
      "qwen3-coder",
      "qwen3.5",
      "deepseek-r1",
      "deepseek-v4.1",
      "hermes",
      "glm-4.5",
      "glm-4.7",
    ]) {
      expect(TEMPLATE_PRESETS).toContain(preset);
    }
    for (const preset of [
      "minimax-m2",
      "minimax-m3",
      "deepseek-v3.1",
      "deepseek-v3.2",
      "deepseek-v4",
      "kimi-k2",
      "kimi-k2.5",
      "step-3.5",
      "seed-oss",
      "mistral",
      "gpt-oss",
      "gemma-4",
    ]) {
      expect(TEMPLATE_PRESETS).toContain(preset);
    }
    expect(() => templateModelFor("no-such-family")).toThrow("no template model for preset no-such-family");
  });

  it("reads past reasoning from the field the server reads", () => {
    const call = { id: "c1", type: "function", function: { name: "Bash", arguments: "{}" } };
    const body = {
      messages: [
        { role: "user", content: "Q" },
        { role: "assistant", content: "", reasoning_content: "R-OLD-NAME", tool_calls: [call] },
        { role: "tool", tool_call_id: "c1", content: "OUT" },
      ],
    };
    const vllm = templateModelFor("kimi-k2.5").render(body);
    const sglang = templateModelFor("kimi-k2.5", { reasoningField: "reasoning_content" }).render(body);
    expect(vllm.ok && vllm.prompt.includes("R-OLD-NAME")).toBe(false);
    expect(sglang.ok && sglang.prompt.includes("R-OLD-NAME")).toBe(true);
  });
});
