import { createParserContext, type Segment } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { TaggedCallWriter } from "../src";

const schema = {
  type: "object",
  properties: { path: { type: "string" }, limit: { type: "integer" } },
};

function probe() {
  const segments: Segment[] = [];
  const context = {
    ...createParserContext({ thinking: false, tools: [["read", schema]] }),
    callStartPolicy: () => "all" as const,
  };
  const writer = new TaggedCallWriter(context, (segment) => segments.push(segment), "toy", "exact");
  const argumentsOf = () =>
    segments
      .flatMap((segment) => (segment.type === "tool-call-delta" ? [segment.argumentsJson] : []))
      .join("");
  return { segments, writer, argumentsOf };
}

describe("TaggedCallWriter", () => {
  it("writes a call: start first, its source as markup, then the arguments object key by key", () => {
    const { segments, writer, argumentsOf } = probe();
    writer.start("read", "<call=read>");
    expect(segments.slice(0, 2)).toEqual([
      { type: "tool-call-start", callIndex: 0, name: "read" },
      { type: "markup", text: "<call=read>" },
    ]);
    writer.openValue("path", "<p=path>").append("/tmp/a b");
    writer.closeValue();
    writer.openValue("limit", "<p=limit>").append("5");
    writer.closeValue();
    writer.end();
    expect(JSON.parse(argumentsOf())).toEqual({ path: "/tmp/a b", limit: 5 });
    expect(segments.at(-1)).toEqual({ type: "tool-call-end", callIndex: 0 });
  });

  it("cuts a call: the open value and the object stay unclosed, what the value held goes out as markup", () => {
    const { segments, writer, argumentsOf } = probe();
    writer.start("read", "<call=read>");
    writer.openValue("path", "<p=path>").append("/tmp/a");
    writer.closeValue();
    // An integer is held until its close; a cut never types it.
    writer.openValue("limit", "<p=limit>").append("12");
    writer.cut();
    expect(argumentsOf()).toBe('{"path": "/tmp/a"');
    expect(segments.slice(-3)).toEqual([
      { type: "markup", text: "12" },
      {
        type: "warning",
        code: "toy.unterminated_call",
        message: 'the stream ended inside call "read"; the call is cut and not run',
        raw: "",
      },
      { type: "tool-call-end", callIndex: 0, cut: true },
    ]);
  });

  it("streams a string value as it arrives", () => {
    const { writer, argumentsOf } = probe();
    writer.start("read", "");
    writer.openValue("path", "").append("/tm");
    expect(argumentsOf()).toBe('{"path": "/tm');
  });

  it("says which parameter tags are structural: new ones the schema names, any new one without a schema", () => {
    const { writer } = probe();
    writer.start("read", "");
    writer.openValue("path", "");
    writer.closeValue();
    expect(writer.has("path")).toBe(true);
    expect(writer.isStructural("path")).toBe(false);
    expect(writer.isStructural("limit")).toBe(true);
    expect(writer.isStructural("other")).toBe(false);
    expect(writer.isNewParameter("other")).toBe(true);
    writer.end();
    writer.start("unknown_tool", "");
    expect(writer.isStructural("other")).toBe(true);
  });

  it("warns once per run of stray text that is not whitespace, with the dialect's prefix", () => {
    const { segments, writer } = probe();
    writer.start("read", "");
    writer.stray("\n");
    writer.flushStray();
    expect(segments.filter((segment) => segment.type === "warning")).toEqual([]);
    writer.stray(" oops ");
    writer.stray("more");
    writer.openValue("path", "<p>");
    const warnings = segments.filter((segment) => segment.type === "warning");
    expect(warnings).toMatchObject([{ code: "toy.stray_text_in_call", raw: "oops more" }]);
  });

  it("counts keys the dialect wrote itself as given", () => {
    const { writer } = probe();
    writer.start("read", "");
    writer.output.delta('"path": "x"');
    writer.addWritten(["path"]);
    expect(writer.has("path")).toBe(true);
    writer.openValue("limit", "").append("1");
    writer.closeValue();
    writer.end();
  });
});
