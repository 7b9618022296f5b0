import { describe, expect, it } from "vitest";
import { toolSchemas } from "../../src/translate";
import { translateToolChoice } from "../../src/translate/translate-tool-choice";
import { translateTools } from "../../src/translate/translate-tools";
import { decodeRequest } from "./decode-request";

const tools = (list: unknown[]) => decodeRequest({ tools: list }).tools;
const toolChoice = (choice: unknown) => decodeRequest({ tool_choice: choice }).tool_choice;

const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

describe("translateTools", () => {
  it("turns client tools into function tools", () => {
    const list = tools([
      {
        name: "Read",
        description: "Reads a file.",
        input_schema: schema,
        cache_control: { type: "ephemeral" },
      },
      { type: "custom", name: "Write", input_schema: schema },
    ]);
    expect(translateTools(list, [])).toEqual([
      { type: "function", function: { name: "Read", description: "Reads a file.", parameters: schema } },
      { type: "function", function: { name: "Write", parameters: schema } },
    ]);
  });

  it("drops server tools with a warning each", () => {
    const warnings: string[] = [];
    const translated = translateTools(
      tools([
        { type: "web_search_20250305", name: "web_search", max_uses: 3 },
        { type: "bash_20250124", name: "bash" },
        { name: "Read", input_schema: schema },
      ]),
      warnings,
    );
    expect(translated.map((tool) => tool.function.name)).toEqual(["Read"]);
    expect(warnings).toEqual([
      "tools.0: dropped server tool web_search (web_search_20250305)",
      "tools.1: dropped server tool bash (bash_20250124)",
    ]);
  });

  it("returns no tools for none", () => {
    expect(translateTools(undefined, [])).toEqual([]);
    expect(translateTools([], [])).toEqual([]);
  });
});

describe("translateToolChoice", () => {
  it.each([
    [{ type: "auto" }, { tool_choice: "auto" }],
    [{ type: "any" }, { tool_choice: "required" }],
    [{ type: "none" }, { tool_choice: "none" }],
    [{ type: "tool", name: "Read" }, { tool_choice: { type: "function", function: { name: "Read" } } }],
    [
      { type: "auto", disable_parallel_tool_use: true },
      { tool_choice: "auto", parallel_tool_calls: false },
    ],
    [
      { type: "any", disable_parallel_tool_use: true },
      { tool_choice: "required", parallel_tool_calls: false },
    ],
    [
      { type: "tool", name: "Read", disable_parallel_tool_use: true },
      { tool_choice: { type: "function", function: { name: "Read" } }, parallel_tool_calls: false },
    ],
    [{ type: "auto", disable_parallel_tool_use: false }, { tool_choice: "auto" }],
  ])("%j → %j", (choice, expected) => {
    expect(translateToolChoice(toolChoice(choice))).toEqual(expected);
  });

  it("sends nothing when the client sent nothing", () => {
    expect(translateToolChoice(undefined)).toEqual({});
  });
});

describe("toolSchemas", () => {
  it("maps client tool names to input schemas, in a Map safe for any name", () => {
    const schemas = toolSchemas(
      decodeRequest({
        tools: [
          { name: "Read", input_schema: schema },
          { name: "__proto__", input_schema: { type: "object" } },
          { type: "web_search_20250305", name: "web_search" },
        ],
      }),
    );
    expect(schemas).toBeInstanceOf(Map);
    expect([...schemas.keys()]).toEqual(["Read", "__proto__"]);
    expect(schemas.get("Read")).toEqual(schema);
    expect(schemas.get("__proto__")).toEqual({ type: "object" });
  });

  it("is empty without tools", () => {
    expect(toolSchemas({}).size).toBe(0);
  });
});
