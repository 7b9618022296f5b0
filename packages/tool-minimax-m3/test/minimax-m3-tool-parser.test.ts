import type { JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { minimaxM3ToolDialect, NAMESPACE as NS } from "../src";
import { codesOf, createProbe, runM3, runWithPolicy } from "./run-minimax-m3";

const WEATHER: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
};
const EVENT: Record<string, JsonSchema> = {
  create_event: {
    type: "object",
    properties: {
      title: { type: "string" },
      where: { type: "object", properties: { city: { type: "string" }, zip: { type: "integer" } } },
      tags: { type: "array", items: { type: "string" } },
      pair: { type: "array", prefixItems: [{ type: "integer" }, { type: "boolean" }] },
    },
  },
};

/** A tag as MiniMax M3 writes it: the namespace token, then the tag. */
const tag = (text: string) => `${NS}<${text}>`;
const element = (key: string, value: string) => `${tag(key)}${value}${tag(`/${key}`)}`;
const invoke = (name: string, ...parameters: string[]) =>
  `${tag(`invoke name="${name}"`)}${parameters.join("")}${tag("/invoke")}`;
const block = (...invokes: string[]) => `${tag("tool_call")}\n${invokes.join("\n")}\n${tag("/tool_call")}`;

describe("minimaxM3ToolDialect", () => {
  it("is the minimax_m3 tool dialect, on the namespace token, and keeps special tokens unspaced", () => {
    expect(minimaxM3ToolDialect()).toMatchObject({
      kind: "tool",
      id: "minimax_m3",
      aliases: [],
      markers: ["]<]minimax[>["],
      requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    });
  });
});

describe("calls", () => {
  it("reads a call with its source as markup and the text around it as text", () => {
    const input = `Checking.${block(invoke("get_weather", element("city", "Oslo"), element("days", "3")))} Done.`;
    const result = runM3(input, { tools: WEATHER });
    expect(result.calls).toMatchObject([
      { name: "get_weather", arguments: { city: "Oslo", days: 3 }, ended: true },
    ]);
    expect(result.content).toBe("Checking. Done.");
    expect(result.warnings).toEqual([]);
  });

  it("streams a string value as it arrives, before its close tag", () => {
    const probe = createProbe(WEATHER);
    probe.parser.push(`${tag("tool_call")}${tag('invoke name="get_weather"')}${tag("city")}Os`);
    expect(probe.argumentsJson()).toBe('{"city": "Os');
    probe.parser.push("lo");
    expect(probe.argumentsJson()).toBe('{"city": "Oslo');
  });

  it("nests objects, arrays of <item> and prefixItems, typed by the schema", () => {
    const input = block(
      invoke(
        "create_event",
        element("where", element("city", "NYC") + element("zip", "010001")),
        element("tags", element("item", "red") + element("item", "blue")),
        element("pair", element("item", "7") + element("item", "true")),
        element("title", "Standup"),
      ),
    );
    const result = runM3(input, { tools: EVENT });
    expect(result.calls[0]?.arguments).toEqual({
      where: { city: "NYC", zip: 10001 },
      tags: ["red", "blue"],
      pair: [7, true],
      title: "Standup",
    });
    expect(result.warnings).toEqual([]);
  });

  it("keeps values of a tool without a schema raw strings, a repeated child an array", () => {
    const input = block(invoke("f", element("n", "42"), element("o", element("k", "a") + element("k", "b"))));
    expect(runM3(input).calls[0]?.arguments).toEqual({ n: "42", o: { k: ["a", "b"] } });
  });

  it("keeps tags inside a string value as its text, quotes and newlines verbatim", () => {
    const value = `a "b" \\ ${element("x", "y")}\nz`;
    const result = runM3(block(invoke("get_weather", element("city", value))), { tools: WEATHER });
    expect(result.calls[0]?.arguments).toEqual({ city: value });
  });

  it("makes every invoke of a block a call, and takes several blocks", () => {
    const one = invoke("get_weather", element("city", "A"));
    const two = invoke("get_weather", element("city", "B"));
    const result = runM3(block(one, two) + block(one), { tools: WEATHER });
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: "A" }, { city: "B" }, { city: "A" }]);
    expect(result.content).toBeNull();
  });
});

describe("what is not a call", () => {
  it("passes a block with no invoke, a namespace token with no tag, and a bare invoke on as text", () => {
    for (const input of [
      `${tag("tool_call")} hello`,
      `${NS} plain`,
      invoke("get_weather", element("city", "A")),
    ]) {
      const result = runM3(input, { tools: WEATHER });
      expect(result.calls, input).toEqual([]);
      expect(result.content, input).toBe(input);
    }
  });

  it("accepts no call under the policy `none`, under `explicit` it does", () => {
    const input = block(invoke("get_weather", element("city", "A")));
    expect(runWithPolicy([input], "none", WEATHER)).toMatchObject({ calls: [], content: input });
    expect(runWithPolicy([input], "explicit", WEATHER).calls).toHaveLength(1);
  });
});

describe("malformed calls", () => {
  it("closes the innermost element at a close tag that names nothing open, with a warning (e027)", () => {
    const input = `${tag("tool_call")}${tag('invoke name="get_weather"')}${tag("city")}Beijing${tag("/wrong")}${tag("/invoke")}${tag("/tool_call")}`;
    const result = runM3(input, { tools: WEATHER });
    expect(result.calls).toMatchObject([
      { name: "get_weather", arguments: { city: "Beijing" }, ended: true },
    ]);
    expect(codesOf(result)).toEqual(["minimax_m3.mismatched_close_tag"]);
  });

  it("closes what is open at </invoke>, saying each unclosed element", () => {
    const input = block(
      `${tag('invoke name="create_event"')}${tag("where")}${tag("city")}NYC${tag("/invoke")}`,
    );
    const result = runM3(input, { tools: EVENT });
    expect(result.calls).toMatchObject([{ arguments: { where: { city: "NYC" } }, ended: true }]);
    expect(codesOf(result)).toEqual(["minimax_m3.unclosed_parameter", "minimax_m3.unclosed_parameter"]);
  });

  it("ends a call whose </invoke> is missing at the next invoke (a leak agents tolerate)", () => {
    const input = `${tag("tool_call")}${tag('invoke name="get_weather"')}${element("city", "A")}${invoke("get_weather", element("city", "B"))}${tag("/tool_call")}`;
    const result = runM3(input, { tools: WEATHER });
    expect(result.calls.map((call) => [call.arguments, call.ended])).toEqual([
      [{ city: "A" }, true],
      [{ city: "B" }, true],
    ]);
    expect(codesOf(result)).toEqual(["minimax_m3.missing_invoke_close"]);
  });

  it("keeps a repeated parameter out of the arguments as stray text: no duplicate keys", () => {
    const input = block(invoke("get_weather", element("city", "A"), element("city", "B")));
    const result = runM3(input, { tools: WEATHER });
    expect(result.calls[0]?.arguments).toEqual({ city: "A" });
    expect(codesOf(result)).toEqual(["minimax_m3.stray_text_in_call"]);
  });

  it("cuts a call the stream ended inside, with a warning: nothing closes it", () => {
    const result = runM3(`${tag("tool_call")}${tag('invoke name="get_weather"')}${tag("city")}Osl`, {
      tools: WEATHER,
    });
    expect(result.calls).toMatchObject([{ argumentsJson: '{"city": "Osl', cut: true }]);
    expect(codesOf(result)).toEqual(["minimax_m3.unterminated_call"]);
    // A value that nests is typed only at its close: nothing of it goes out as arguments.
    const nested = runM3(
      `${tag("tool_call")}${tag('invoke name="create_event"')}${tag("where")}${element("city", "NYC")}`,
      {
        tools: EVENT,
      },
    );
    expect(nested.calls).toMatchObject([{ argumentsJson: "{", cut: true }]);
    expect(nested.content).toBeNull();
  });
});

describe("close tags without the namespace token", () => {
  const SEARCH: Record<string, JsonSchema> = {
    search: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } } },
  };

  it("close the innermost element where the next tag follows, with a warning (a leak MiniMax's API streamed)", () => {
    const input = `Let me look.${tag("tool_call")}\n${tag('invoke name="search"')}${tag("query")}AI news</query>${tag("limit")}6</limit>${tag("/invoke")}\n${tag("/tool_call")}`;
    const result = runM3(input, { tools: SEARCH });
    expect(result.calls).toMatchObject([
      { name: "search", arguments: { query: "AI news", limit: 6 }, ended: true },
    ]);
    expect(result.content).toBe("Let me look.");
    expect(codesOf(result)).toEqual([
      "minimax_m3.close_without_namespace",
      "minimax_m3.close_without_namespace",
    ]);
  });

  it("stay text anywhere else: another name, text after them, inside a string's own tags", () => {
    const values = ["a </b> c", "a </query> c", `${element("x", "a </x> b")}`, "</query"];
    for (const value of values) {
      const result = runM3(block(invoke("search", element("query", value))), { tools: SEARCH });
      expect(result.calls[0]?.arguments, value).toEqual({ query: value });
      expect(codesOf(result), value).toEqual([]);
    }
  });
});

describe("bounds", () => {
  it("holds at most a tag's name after a namespace token, then passes it on as text", () => {
    const probe = createProbe(WEATHER);
    probe.parser.push(`${NS}<${"a".repeat(10_000)}`);
    expect(probe.parser.heldLength).toBeLessThan(300);
    probe.parser.push(` ${tag("tool_call")}${" ".repeat(100)}${tag('invoke name="get_weather"')}`);
    expect(probe.started()).toBe(0);
    probe.parser.end();
    expect(probe.text()).toBe(
      `${NS}<${"a".repeat(10_000)} ${tag("tool_call")}${" ".repeat(100)}${tag('invoke name="get_weather"')}`,
    );
  });

  it("keeps elements deeper than 32 as the text of the one holding them, and text beside children as $text", () => {
    let deep = "v";
    for (let level = 0; level < 40; level++) deep = element("d", deep);
    const result = runM3(block(invoke("f", element("o", `note${element("k", "1")}`), element("deep", deep))));
    const args = result.calls[0]?.arguments as { o: unknown; deep: unknown };
    expect(args.o).toEqual({ $text: "note", k: "1" });
    let depth = 0;
    let at: unknown = args.deep;
    while (typeof at === "object" && at !== null) {
      at = (at as { d: unknown }).d;
      depth++;
    }
    expect(depth).toBe(31);
    expect(typeof at === "string" && at.includes(tag("d"))).toBe(true);
  });
});
