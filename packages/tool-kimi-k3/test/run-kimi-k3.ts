import { argumentsOf, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { DEFAULT_XTML_LIMITS } from "@sluice/reasoning-kimi-k3";
import { KimiK3ToolParser, kimiK3ToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: kimiK3ToolDialect,
  createParser: (context, sink) => new KimiK3ToolParser(context, sink, DEFAULT_XTML_LIMITS),
});

export const { run: runK3, runWithPolicy, createProbe } = harness;
export { argumentsOf, warningCodes as codesOf };

/** XTML as Kimi K3's template writes it. */
export const open = (name: string, attributes: Record<string, string> = {}) =>
  `<|open|>${name}${Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`)
    .join("")}<|sep|>`;
export const close = (name: string) => `<|close|>${name}<|sep|>`;
export const argument = (key: string, type: string, value: string) =>
  `${open("argument", { key, type })}${value}${close("argument")}`;
export const call = (tool: string, ...body: string[]) =>
  `${open("call", { tool, index: "1" })}${body.join("")}${close("call")}`;
export const tools = (...calls: string[]) => `${open("tools")}${calls.join("")}${close("tools")}`;
