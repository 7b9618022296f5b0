import { MARKUP_BLOCK_LENGTH } from "@sluice/tool-kit";
import { describe, expect, it } from "vitest";
import { createProbe } from "./run-dsml";

const D = "｜DSML｜";

describe("bounded hold-back (docs/architecture.md I7)", () => {
  it("holds nothing of plain text, and only a marker's prefix at a chunk's end", () => {
    const probe = createProbe();
    probe.parser.push("x".repeat(100_000));
    expect(probe.parser.heldLength).toBe(0);
    probe.parser.push("a <｜DS");
    expect(probe.parser.heldLength).toBe("<｜DS".length);
    probe.parser.push("ML｜ and more");
    expect(probe.parser.heldLength).toBe(0);
  });

  it("holds a bounded amount of a long string value, whatever its length", () => {
    const probe = createProbe();
    probe.parser.push(
      `<${D}tool_calls>\n<${D}invoke name="write">\n<${D}parameter name="content" string="true">`,
    );
    let most = 0;
    for (let index = 0; index < 2_000; index++) {
      probe.parser.push(`line ${index} with < and </ and <｜ inside\n`);
      most = Math.max(most, probe.parser.heldLength);
    }
    expect(most).toBeLessThanOrEqual(MARKUP_BLOCK_LENGTH + `</${D}`.length);
    probe.parser.push(`</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>`);
    probe.parser.end();
    expect(probe.ended()).toBe(1);
    expect(probe.parser.heldLength).toBe(0);
  });

  it("gives up on a tag whose name or whitespace runs past the limits (text, not held)", () => {
    const probe = createProbe();
    probe.parser.push(`<${D}invoke name="${"n".repeat(300)}`);
    expect(probe.parser.heldLength).toBe(0);
    expect(probe.started()).toBe(0);
    probe.parser.push(`<${D}tool_calls>${" ".repeat(100)}`);
    expect(probe.parser.heldLength).toBe(0);
  });
});
