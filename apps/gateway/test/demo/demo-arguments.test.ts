import type { JsonSchema } from "@sluice/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRandom } from "../../src/demo/create-random";
import { demoArguments } from "../../src/demo/demo-arguments";
import { renderQwenXmlCall } from "../../src/demo/render-qwen-xml-call";
import { claudeCodeSchemas } from "./claude-code-tools";
import { schemaProblems } from "./fits-schema";
import { parseQwenXmlCalls, typedArguments } from "./qwen-xml-call";

const propertyName = fc.oneof(
  fc.stringMatching(/^[a-z][a-zA-Z_]{0,11}$/),
  fc.constantFrom("__proto__", "constructor"),
);

const leafSchema: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.record({
    type: fc.constant("string"),
    minLength: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant("string"),
    format: fc.constantFrom("uri", "email", "date", "date-time", "uuid"),
  }),
  fc.record({
    type: fc.constant("string"),
    enum: fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 3 }),
  }),
  fc
    .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 50 }))
    .map(([minimum, span]) => ({ type: "integer", minimum, maximum: minimum + span })),
  fc.integer({ min: -50, max: 50 }).map((maximum) => ({ type: "integer", maximum })),
  fc.integer({ min: -50, max: 50 }).map((exclusiveMinimum) => ({ type: "number", exclusiveMinimum })),
  fc.constant({ type: "number" }),
  fc.constant({ type: "boolean" }),
  fc.constant({ type: ["string", "null"] }),
  fc.constant({ anyOf: [{ type: "null" }, { type: "integer", minimum: 3 }] }),
);

/** Tool schemas up to `maxDepth` levels of nodes, arrays of up to `maxMinItems` required items, `maxKeys` properties. */
function toolSchema(maxDepth: number, maxMinItems: number, maxKeys: number): fc.Arbitrary<JsonSchema> {
  return fc.letrec<{ node: JsonSchema; object: JsonSchema; array: JsonSchema }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", maxDepth, withCrossShrink: true },
      leafSchema,
      tie("object"),
      tie("array"),
    ),
    array: fc
      .record({
        items: tie("node"),
        minItems: fc.option(fc.integer({ min: 0, max: maxMinItems }), { nil: undefined }),
      })
      .map((array) => ({ type: "array", ...array })),
    object: fc
      .dictionary(propertyName, tie("node"), { maxKeys })
      .chain((properties) =>
        fc.subarray(Object.keys(properties)).map((required) => ({ type: "object", properties, required })),
      ),
  })).object;
}

/** Real tool schemas: shallow and small, inside DEMO_BOUNDS. */
const boundedSchema = toolSchema(3, 2, 3);
/** Deeper and wider ones, which may ask for more than DEMO_BOUNDS allow. */
const largerSchema = toolSchema(6, 3, 4);

function renderedArguments(values: Map<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const [call] = parseQwenXmlCalls(renderQwenXmlCall("tool", values));
  expect(call).toBeDefined();
  return typedArguments(call!, schema);
}

describe("demoArguments", () => {
  it("fits any tool schema inside the bounds, and survives qwen_xml rendering and typed reading", () => {
    fc.assert(
      fc.property(boundedSchema, fc.integer(), (schema, seed) => {
        const { values, fitsSchema } = demoArguments(schema, createRandom(seed));
        expect(fitsSchema).toBe(true);
        const args = renderedArguments(values, schema);
        expect(schemaProblems(args, schema)).toEqual([]);
        for (const name of (schema.required ?? []) as string[]) expect(Object.hasOwn(args, name)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("says whether larger schemas fit, truthfully, and always writes the top-level required properties", () => {
    let fitting = 0;
    fc.assert(
      fc.property(largerSchema, fc.integer(), (schema, seed) => {
        const { values, fitsSchema } = demoArguments(schema, createRandom(seed));
        const args = renderedArguments(values, schema);
        if (fitsSchema) {
          fitting += 1;
          expect(schemaProblems(args, schema)).toEqual([]);
        }
        for (const name of (schema.required ?? []) as string[]) expect(Object.hasOwn(args, name)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(fitting).toBeGreaterThan(0);
  });

  it("gives Claude Code's tools the values a model would write, harmless ones", () => {
    const argumentsOf = (name: string, hints = {}) =>
      Object.fromEntries(
        demoArguments(claudeCodeSchemas.get(name)!.parameters, createRandom(1), hints).values,
      );
    expect(argumentsOf("Bash")).toMatchObject({ command: "echo 'Hello from the Sluice demo model'" });
    expect(argumentsOf("Bash", { command: "echo 'hi'" })).toMatchObject({ command: "echo 'hi'" });
    // No working directory known: a relative file of the demo's own.
    expect(argumentsOf("Read")).toEqual({ file_path: "sluice-demo.txt" });
    expect(argumentsOf("Read", { workingDirectory: "/home/dev/project" })).toEqual({
      file_path: "/home/dev/project/sluice-demo.txt",
    });
    expect(
      argumentsOf("Read", { workingDirectory: "/home/dev/project", filePath: "/home/dev/project/README.md" }),
    ).toEqual({ file_path: "/home/dev/project/README.md" });
    expect(argumentsOf("Edit", { workingDirectory: "/home/dev/project" })).toEqual({
      file_path: "/home/dev/project/sluice-demo.txt",
      old_string: "Hello",
      new_string: "Hello, world",
    });
    expect(argumentsOf("TodoWrite")).toEqual({
      todos: [{ content: "Try the Sluice demo", status: "pending", activeForm: "Trying the Sluice demo" }],
    });
  });

  it("leaves optional paths out (Glob's `path`): the demo writes no path it was not given", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { pattern: { type: "string" }, path: { type: "string" }, output_dir: { type: "string" } },
      required: ["pattern"],
    };
    for (let seed = 0; seed < 20; seed++) {
      expect([...demoArguments(schema, createRandom(seed)).values.keys()]).toEqual(["pattern"]);
    }
  });

  it("leaves optional numbers and flags out (a demo Bash call with `timeout: 3` would only fail)", () => {
    for (let seed = 0; seed < 20; seed++) {
      const parameters = demoArguments(claudeCodeSchemas.get("Bash")!.parameters, createRandom(seed)).values;
      expect(parameters.has("timeout")).toBe(false);
      expect(parameters.has("run_in_background")).toBe(false);
      // `description` contains "script" but holds words, not a command.
      if (parameters.has("description"))
        expect(parameters.get("description")).toBe("Demo call from the Sluice demo model");
    }
  });

  it("gives Codex's exec_command only its cmd: a justification would ask to leave the sandbox", () => {
    // Codex CLI 0.171.0's shell tool, abridged (docs/protocol.md D2).
    const execCommand: JsonSchema = {
      type: "object",
      properties: {
        cmd: { type: "string", description: "Shell command to execute." },
        justification: {
          type: "string",
          description: 'Only set if sandbox_permissions is "require_escalated".',
        },
        sandbox_permissions: { type: "string" },
        workdir: { type: "string" },
        yield_time_ms: { type: "number" },
      },
      required: ["cmd"],
      additionalProperties: false,
    };
    for (let seed = 0; seed < 20; seed++) {
      expect([...demoArguments(execCommand, createRandom(seed)).values.keys()]).toEqual(["cmd"]);
    }
  });

  it("keeps wire-named properties such as __proto__ as plain own properties", () => {
    const parameters = demoArguments(
      {
        type: "object",
        properties: {
          outer: { type: "object", properties: { __proto__: { type: "string" } }, required: ["__proto__"] },
        },
        required: ["outer"],
      },
      createRandom(0),
    ).values;
    const outer = parameters.get("outer") as Record<string, unknown>;
    expect(Object.getPrototypeOf(outer)).toBe(Object.prototype);
    expect(Object.hasOwn(outer, "__proto__")).toBe(true);
    expect(JSON.stringify(outer)).toBe('{"__proto__":"demo"}');
  });

  it("follows local $refs and merges allOf", () => {
    const parameters = demoArguments(
      {
        type: "object",
        definitions: { size: { type: "integer", minimum: 40, maximum: 41 } },
        properties: {
          size: { $ref: "#/definitions/size" },
          both: { allOf: [{ properties: { a: { type: "boolean" } }, required: ["a"] }, { required: ["b"] }] },
        },
        required: ["size", "both"],
      },
      createRandom(0),
    ).values;
    expect([40, 41]).toContain(parameters.get("size"));
    expect(parameters.get("both")).toEqual({ a: false, b: "demo" });
  });
});
