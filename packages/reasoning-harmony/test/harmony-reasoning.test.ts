import { segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { harmonyReasoningDialect, MAX_HEADER_LENGTH } from "../src";

/** The reasoning dialect alone (tool `none`), as one chunk and one character per chunk, which must agree. */
function run(input: string) {
  const whole = segmentText({ reasoning: harmonyReasoningDialect(), thinking: true }, [input]);
  const characters = segmentText({ reasoning: harmonyReasoningDialect(), thinking: true }, input.split(""));
  expect(whole.problems).toEqual([]);
  expect(characters.segments).toEqual(whole.segments);
  return whole;
}

describe("harmony channels", () => {
  it("reads analysis as reasoning and final as text, dropping the headers and end tokens", () => {
    const result = run(
      "<|channel|>analysis<|message|>Plan.<|end|><|start|>assistant<|channel|>final<|message|>Answer.<|return|>",
    );
    expect(result.reasoning).toBe("Plan.");
    expect(result.content).toBe("Answer.");
    expect(result.markup).toBe(
      "<|channel|>analysis<|message|><|end|><|start|>assistant<|channel|>final<|message|><|return|>",
    );
  });

  it("reads llama.cpp's half-parsed --reasoning-format none shape: text after <|end|> is the answer", () => {
    const result = run("<|channel|>analysis<|message|>Plan.<|end|>The answer.");
    expect(result.reasoning).toBe("Plan.");
    expect(result.content).toBe("The answer.");
  });

  it("shows a recipient-less commentary message (the preamble) as text", () => {
    const result = run("<|start|>assistant<|channel|>commentary<|message|>Let me check.<|end|>");
    expect(result.content).toBe("Let me check.");
    expect(result.reasoning).toBeNull();
  });

  it("reads a message to any recipient as reasoning: a builtin tool's, or a call no tool dialect takes", () => {
    const result = run(
      '<|channel|>analysis to=python code<|message|>print(1)<|call|><|start|>assistant to=functions.f<|channel|>commentary json<|message|>{"a": 1}<|call|>',
    );
    expect(result.reasoning).toBe('print(1){"a": 1}');
    expect(result.content).toBeNull();
  });

  it("skips gpt-oss-20b's stray <|channel|>commentary to=assistant before the real channel", () => {
    const result = run("<|channel|>commentary to=assistant<|channel|>analysis<|message|>Plan.<|end|>");
    expect(result.reasoning).toBe("Plan.");
  });

  it("takes text before the first header as the answer (SGLang's unframed text)", () => {
    const result = run("Let me check.<|start|>assistant<|channel|>analysis<|message|>Plan.");
    expect(result.content).toBe("Let me check.");
    expect(result.reasoning).toBe("Plan.");
  });

  it("ends a message at the next header even without <|end|>", () => {
    const result = run(
      "<|channel|>analysis<|message|>Plan.<|start|>assistant<|channel|>final<|message|>Done.",
    );
    expect(result.reasoning).toBe("Plan.");
    expect(result.content).toBe("Done.");
  });

  it("keeps <|message|> and <|constrain|> in a body as the model's text", () => {
    const result = run("<|channel|>final<|message|>a <|message|> b <|constrain|> c");
    expect(result.content).toBe("a <|message|> b <|constrain|> c");
  });
});

describe("headers that are none", () => {
  it("gives up a header longer than its limit as text, with a warning, holding no more than the limit", () => {
    const long = `<|channel|>${"x".repeat(MAX_HEADER_LENGTH)}`;
    const result = run(`${long}<|message|>rest`);
    expect(result.content).toBe(`${long}<|message|>rest`);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["harmony.header_too_long"]);
  });

  it("keeps a header broken by an end token as text, with a warning", () => {
    const result = run("<|start|>assistant<|end|>after");
    expect(result.content).toBe("<|start|>assistantafter");
    expect(result.warnings.map((warning) => warning.code)).toEqual(["harmony.malformed_header"]);
  });

  it("drops a header the end of the stream cut, with a warning: it framed nothing", () => {
    const result = run("<|channel|>analysis<|message|>Plan.<|end|><|start|>assistant<|channel|>fin");
    expect(result.reasoning).toBe("Plan.");
    expect(result.content).toBeNull();
    expect(result.warnings.map((warning) => warning.code)).toEqual(["harmony.cut_header"]);
  });

  it("keeps a token's proper prefix at the very end as text", () => {
    const result = run("Text, then <|chan");
    expect(result.content).toBe("Text, then <|chan");
  });

  it("keeps ' to' at the very start as text when no recipient follows", () => {
    expect(run(" tomorrow").content).toBe(" tomorrow");
    expect(run(" to").content).toBe(" to");
    // " to=…" that no token follows before the end is prose, not a header the end cut.
    const prose = run(" to=do: write the tests");
    expect(prose.content).toBe(" to=do: write the tests");
    expect(prose.warnings).toEqual([]);
  });
});
