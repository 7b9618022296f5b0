import type { JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { createDemoUpstream } from "../../src/demo/create-demo-upstream";
import { createRandom } from "../../src/demo/create-random";
import { demoArguments } from "../../src/demo/demo-arguments";
import { DEMO_BOUNDS } from "../../src/demo/demo-bounds";
import { renderQwenXmlCall } from "../../src/demo/render-qwen-xml-call";
import { startTestGateway } from "../server/test-gateway";
import { parseQwenXmlCalls } from "./qwen-xml-call";
import { runDemo } from "./read-demo-stream";

/**
 * What only a runaway call takes: the sizes are what these tests check, and a bounded call takes a few
 * milliseconds idle but took 2.2 s on a loaded two-core machine, where the unbounded demo took 65 s on the
 * first of these schemas. (How fast the demo is belongs to the benchmarks.)
 */
const RUNAWAY_MS = 20_000;

function timedArguments(schema: JsonSchema) {
  const start = performance.now();
  const result = demoArguments(schema, createRandom(0));
  return { ...result, args: Object.fromEntries(result.values), ms: performance.now() - start };
}

function objectOf(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: "object", properties, required };
}

/** `levels` objects, each the required property `a` of the one above (built in a loop: no recursion here either). */
function deepObjectSchema(levels: number): JsonSchema {
  let schema: JsonSchema = { type: "string" };
  for (let level = 0; level < levels; level++) schema = objectOf({ a: schema });
  return schema;
}

/** How many levels of non-empty objects and arrays `value` has (itself included), counted without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== "object" || node === null || Object.keys(node).length === 0) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

describe("demoArguments within DEMO_BOUNDS", () => {
  it("writes at most maxArrayItems items, whatever minItems asks", () => {
    const huge = timedArguments(
      objectOf({
        typed: { type: "array", minItems: 10_000_000, items: { type: "string" } },
        untyped: { type: "array", minItems: 10_000_000 },
      }),
    );
    expect(huge.ms).toBeLessThan(RUNAWAY_MS);
    expect(huge.args.typed).toHaveLength(DEMO_BOUNDS.maxArrayItems);
    expect(huge.args.untyped).toHaveLength(DEMO_BOUNDS.maxArrayItems);
    expect(huge.fitsSchema).toBe(false);

    const within = timedArguments(objectOf({ xs: { type: "array", minItems: 2, maxItems: 5, items: {} } }));
    expect(within.args.xs).toHaveLength(2);
    expect(within.fitsSchema).toBe(true);
    const justPast = timedArguments(
      objectOf({
        xs: { type: "array", minItems: DEMO_BOUNDS.maxArrayItems + 1, items: { type: "integer" } },
      }),
    );
    expect(justPast.args.xs).toHaveLength(DEMO_BOUNDS.maxArrayItems);
    expect(justPast.fitsSchema).toBe(false);
  });

  it("pads strings to minLength only up to maxStringLength", () => {
    const huge = timedArguments(objectOf({ text: { type: "string", minLength: 1_000_000_000 } }));
    expect(huge.ms).toBeLessThan(RUNAWAY_MS);
    expect(huge.args.text).toHaveLength(DEMO_BOUNDS.maxStringLength);
    expect(huge.fitsSchema).toBe(false);

    const within = timedArguments(
      objectOf({ long: { type: "string", minLength: 150 }, short: { type: "string", maxLength: 3 } }),
    );
    expect(within.args.long).toHaveLength(150);
    expect((within.args.short as string).length).toBeLessThanOrEqual(3);
    expect(within.fitsSchema).toBe(true);
  });

  it("writes at most maxObjectProperties properties, whatever minProperties or required ask", () => {
    const minProperties = timedArguments({ type: "object", minProperties: 1_000_000 });
    expect(minProperties.ms).toBeLessThan(RUNAWAY_MS);
    expect(minProperties.values.size).toBe(DEMO_BOUNDS.maxObjectProperties);
    expect(minProperties.fitsSchema).toBe(false);

    const names = Array.from({ length: 1_000_000 }, (_, index) => `p${index}`);
    const required = timedArguments({ type: "object", required: names });
    expect(required.ms).toBeLessThan(RUNAWAY_MS);
    expect(required.values.size).toBeLessThanOrEqual(DEMO_BOUNDS.maxObjectProperties);
    expect(required.fitsSchema).toBe(false);

    const within = timedArguments({
      type: "object",
      minProperties: 3,
      properties: { a: { type: "integer" }, b: { type: "integer" } },
    });
    expect(within.values.size).toBe(3);
    expect(within.fitsSchema).toBe(true);
  });

  it("nests at most maxDepth objects and arrays, and walks a 100k-deep schema without overflowing the stack", () => {
    const deep = timedArguments(deepObjectSchema(100_000));
    expect(deep.ms).toBeLessThan(RUNAWAY_MS);
    expect(nestingDepth(deep.args)).toBe(DEMO_BOUNDS.maxDepth + 1);
    expect(deep.fitsSchema).toBe(false);

    let arrays: JsonSchema = { type: "string" };
    for (let level = 0; level < 100_000; level++) arrays = { type: "array", minItems: 1, items: arrays };
    const deepArrays = timedArguments(objectOf({ xs: arrays }));
    expect(nestingDepth(deepArrays.args)).toBe(DEMO_BOUNDS.maxDepth + 1);
    expect(deepArrays.fitsSchema).toBe(false);

    for (const keyword of ["anyOf", "oneOf", "allOf"]) {
      let chain: JsonSchema = { type: "string" };
      for (let level = 0; level < 100_000; level++) chain = { [keyword]: [chain] };
      const result = timedArguments(objectOf({ x: chain }));
      expect(result.ms, keyword).toBeLessThan(RUNAWAY_MS);
      expect(result.values.has("x"), keyword).toBe(true);
      expect(result.fitsSchema, keyword).toBe(false);
    }

    const within = timedArguments(deepObjectSchema(DEMO_BOUNDS.maxDepth + 1));
    expect(within.fitsSchema).toBe(true);
  });

  it("stops $ref cycles, and $ref × allOf fan-outs, within maxSchemaVisits", () => {
    const cycle = timedArguments({
      type: "object",
      $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } },
      properties: { x: { $ref: "#/$defs/a" } },
      required: ["x"],
    });
    expect(cycle.values.has("x")).toBe(true);
    expect(cycle.fitsSchema).toBe(false);

    // A tree whose every node requires its children: the depth bound ends it.
    const tree = timedArguments({
      type: "object",
      properties: { children: { type: "array", minItems: 3, items: { $ref: "#" } } },
      required: ["children"],
    });
    expect(tree.ms).toBeLessThan(RUNAWAY_MS);
    expect(nestingDepth(tree.args)).toBeLessThanOrEqual(DEMO_BOUNDS.maxDepth + 1);

    // Eight levels of 64 `allOf` references each: 64^8 paths without the visit budget.
    const $defs: Record<string, JsonSchema> = { l8: objectOf({ leaf: { type: "string" } }) };
    for (let level = 7; level >= 0; level--) {
      $defs[`l${level}`] = { allOf: Array.from({ length: 64 }, () => ({ $ref: `#/$defs/l${level + 1}` })) };
    }
    const fanOut = timedArguments({ type: "object", $defs, properties: { x: { $ref: "#/$defs/l0" } } });
    expect(fanOut.ms).toBeLessThan(RUNAWAY_MS);

    const overlong = timedArguments(objectOf({ x: { $ref: `#${"/a".repeat(100_000)}` } }));
    expect(overlong.ms).toBeLessThan(RUNAWAY_MS);
    expect(overlong.fitsSchema).toBe(false);
  });

  it("writes an enum option or a const only when it is small", () => {
    const options = Array.from({ length: 1_000_000 }, (_, index) => `option ${index}`);
    const manyOptions = timedArguments(objectOf({ x: { enum: options } }));
    expect(manyOptions.ms).toBeLessThan(RUNAWAY_MS);
    expect(manyOptions.args.x).toBe("option 0");
    expect(manyOptions.fitsSchema).toBe(true);

    const huge = "x".repeat(10_000_000);
    const skipsHuge = timedArguments(objectOf({ x: { enum: [huge, "small"] } }));
    expect(skipsHuge.args.x).toBe("small");
    expect(skipsHuge.fitsSchema).toBe(true);

    let deepConst: unknown = [];
    for (let level = 0; level < 100_000; level++) deepConst = [deepConst];
    const wideConst = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, index]));
    const tooBig = timedArguments(
      objectOf({ a: { enum: [huge] }, b: { const: huge }, c: { const: deepConst }, d: { const: wideConst } }),
    );
    expect(tooBig.ms).toBeLessThan(RUNAWAY_MS);
    for (const name of ["a", "b", "c", "d"]) {
      expect(JSON.stringify(tooBig.args[name]).length, name).toBeLessThanOrEqual(DEMO_BOUNDS.maxStringLength);
    }
    expect(tooBig.fitsSchema).toBe(false);

    const smallConst = timedArguments(objectOf({ x: { const: { mode: ["fast"] } } }));
    expect(smallConst.args.x).toEqual({ mode: ["fast"] });
    expect(smallConst.fitsSchema).toBe(true);
  });

  it("leaves out property names it cannot write, and says the arguments do not fit", () => {
    for (const name of ["n".repeat(100_000), "a>b", "line\nbreak", ""]) {
      const result = timedArguments(objectOf({ [name]: { type: "string" } }));
      expect(result.values.has(name)).toBe(false);
      expect(result.fitsSchema).toBe(false);
    }
  });

  it("never runs a client's pattern (it could take exponential time), and says the value may not fit", () => {
    const result = timedArguments(objectOf({ x: { type: "string", pattern: "^(a+)+$" } }));
    expect(typeof result.args.x).toBe("string");
    expect(result.fitsSchema).toBe(false);
  });

  it("lists a huge properties object quickly", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [`p${index}`, { type: "string" }]),
    );
    const result = timedArguments({ type: "object", properties, minProperties: 2 });
    expect(result.ms).toBeLessThan(RUNAWAY_MS);
    expect(result.values.size).toBeGreaterThanOrEqual(2);
    expect(result.fitsSchema).toBe(true);
  });

  it("keeps the whole call short, however much the schema asks for", () => {
    const bigObject = objectOf(
      Object.fromEntries(
        Array.from({ length: 100 }, (_, index) => [`s${index}`, { type: "string", minLength: 1_000_000 }]),
      ),
    );
    const schema = objectOf(
      Object.fromEntries(
        Array.from({ length: 100 }, (_, index) => [
          `list${index}`,
          { type: "array", minItems: 1_000_000, items: bigObject },
        ]),
      ),
    );
    const result = timedArguments(schema);
    expect(result.ms).toBeLessThan(RUNAWAY_MS);
    const rendered = renderQwenXmlCall("tool", result.values);
    expect(rendered.length).toBeLessThan(
      DEMO_BOUNDS.maxValues * (DEMO_BOUNDS.maxStringLength + 2 * DEMO_BOUNDS.maxPropertyNameLength + 40),
    );
  });
});

describe("the whole demo within DEMO_BOUNDS", () => {
  const demo = createDemoUpstream({ tokenDelayMs: 0 });
  const forcedCall = (parameters: JsonSchema) => ({
    model: "qwen3.5",
    messages: [{ role: "user", content: "Call the tool." }],
    tools: [{ type: "function", function: { name: "fill", description: "Takes a list.", parameters } }],
    tool_choice: { type: "function", function: { name: "fill" } },
    stream: true,
  });

  it("answers a forced call to a tool whose schema asks for ten million items fast, with a short call", async () => {
    const start = performance.now();
    const run = await runDemo(
      demo,
      forcedCall(objectOf({ xs: { type: "array", minItems: 10_000_000, items: { type: "string" } } })),
    );
    expect(performance.now() - start).toBeLessThan(RUNAWAY_MS);
    const [call] = parseQwenXmlCalls(run.content);
    expect(JSON.parse(call?.parameters.get("xs") ?? "")).toHaveLength(DEMO_BOUNDS.maxArrayItems);
    expect(run.contentChunks.length).toBeLessThan(300);
  });

  it("answers, and estimates tokens for, a 100k-deep schema without overflowing the stack", async () => {
    const request = forcedCall(deepObjectSchema(100_000));
    const start = performance.now();
    const run = await runDemo(demo, request);
    expect(performance.now() - start).toBeLessThan(RUNAWAY_MS);
    expect(run.status).toBe(200);
    expect(parseQwenXmlCalls(run.content).map((call) => call.name)).toEqual(["fill"]);
    expect(run.finishReason).toBe("stop");
    expect(await demo.tokenize?.(request, new AbortController().signal)).toBeGreaterThan(0);
  });

  it("through the gateway, a ten-million-item schema does not hold up the next request", async () => {
    const gateway = await startTestGateway(
      "models:\n  - name: qwen3.5\n    preset: qwen3.5\n    upstream:\n      base_url: demo\n",
    );
    try {
      const post = (body: unknown) =>
        fetch(`${gateway.origin}/v1/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const start = performance.now();
      const [huge, next] = await Promise.all([
        post({
          model: "qwen3.5",
          max_tokens: 1024,
          messages: [{ role: "user", content: "Call the tool." }],
          tools: [
            {
              name: "fill",
              input_schema: objectOf({
                xs: { type: "array", minItems: 10_000_000, items: { type: "string" } },
              }),
            },
          ],
          tool_choice: { type: "tool", name: "fill" },
        }),
        post({ model: "qwen3.5", max_tokens: 16, messages: [{ role: "user", content: "hi" }] }),
      ]);
      const message = (await huge.json()) as { content: Array<{ type: string; input?: { xs?: unknown[] } }> };
      expect((await next.json()) as unknown).toMatchObject({ type: "message" });
      expect(message.content.find((block) => block.type === "tool_use")?.input?.xs).toHaveLength(
        DEMO_BOUNDS.maxArrayItems,
      );
      // The demo streams at 15 ms a token: a short call is a few seconds, one of ten million items never ends.
      expect(performance.now() - start).toBeLessThan(45_000);
    } finally {
      await gateway.close();
    }
  });
});
