import { contentText } from "./prepare-vllm-messages";
import { type FamilyRender, type PreparedMessage, type PreparedToolCall, raise } from "./template-model";

const open = (tag: string, attributes: readonly (readonly [string, unknown])[] = []) =>
  `<|open|>${tag}${attributes.map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`).join("")}<|sep|>`;
const close = (tag: string) => `<|close|>${tag}<|sep|>`;
const END = "<|end_of_msg|>";

/**
 * Kimi K3 as this test models it, taken from llama.cpp's `models/templates/Kimi-K3.jinja` (which mirrors
 * Moonshot's `encoding_k3.py`; read, not copied): XTML messages `<|open|>message role="R"<|sep|>…<|close|>message<|sep|><|end_of_msg|>`.
 * - `thinking` (default true, the template reads no other name) opens the think channel in the generation prompt,
 *   else the response channel, and renders every past assistant turn's reasoning (`reasoning_content`, or
 *   `reasoning`) in its own think channel; off, no past reasoning is rendered. With thinking on, a
 *   `thinking-effort` system message (`thinking_effort`, default `max`) follows the tool declaration.
 * - Tools are declared first in a `tool-declare` system message (the request's list, `JSON.stringify`d, stands in
 *   for the template's sorted-key JSON); system messages are rendered in place, any number, anywhere; roles other
 *   than user, system, assistant and tool are dropped. (A system message carrying `tools`, which the gateway never
 *   sends, and the internal messages for `tool_choice` and `response_format` are not modelled.)
 * - An assistant turn: think (thinking on), response, then a tools channel with each call's arguments as typed
 *   `argument` blocks (`string` raw, others JSON).
 * - A run of tool results is rendered in call order under the call's name when every result's id matches a call of
 *   the last assistant turn; otherwise each under its `name`, else the name of the call at its position; with none,
 *   the template raises.
 */
export const kimiK3Template: FamilyRender = ({ messages, tools, kwargs }) => {
  const thinking = kwargs.thinking === undefined ? true : Boolean(kwargs.thinking);
  const effort = kwargs.thinking_effort === undefined ? "max" : kwargs.thinking_effort;
  if (thinking && effort !== null && !["low", "medium", "high", "max"].includes(String(effort)))
    raise(`Unsupported thinking_effort=${String(effort)}; supported values are low, medium, high, and max.`);
  let prompt = "";
  if (tools !== undefined && tools.length > 0) prompt += declare(tools);
  if (thinking && effort !== null)
    prompt += internal(
      "thinking-effort",
      `\`thinking_effort\` guides on how much to think in your thinking channel (not including the response channel), supported values include \`low\`, \`medium\`, \`high\`, and \`max\`.\nNow the system is invoked with \`thinking_effort=${String(effort)}\`.`,
    );
  let lastCalls: readonly PreparedToolCall[] | undefined;
  let toolIndex = 0;
  const renderTool = (message: PreparedMessage, resolved?: string) => {
    toolIndex++;
    let name = resolved ?? message.name;
    if (name === undefined && lastCalls !== undefined && toolIndex <= lastCalls.length)
      name = lastCalls[toolIndex - 1]?.name;
    if (name === undefined)
      raise(
        "Kimi K3 tool messages need a resolvable tool name: carry `tool`/`name`, or match a preceding assistant tool_call by order.",
      );
    return `${open("message", [
      ["role", "tool"],
      ["tool", name],
      ["index", toolIndex],
    ])}${contentText(message.content)}${close("message")}${END}`;
  };
  messages.forEach((message, index) => {
    const named = (role: string) =>
      open(
        "message",
        message.name
          ? [
              ["role", role],
              ["name", message.name],
            ]
          : [["role", role]],
      );
    switch (message.role) {
      case "user":
      case "system":
        prompt += `${named(message.role)}${contentText(message.content)}${close("message")}${END}`;
        return;
      case "assistant": {
        lastCalls = message.toolCalls;
        toolIndex = 0;
        prompt += `${named("assistant")}${assistantTurn(message, thinking)}${close("message")}${END}`;
        return;
      }
      case "tool": {
        if (messages[index - 1]?.role === "tool") return;
        const run: PreparedMessage[] = [];
        for (const candidate of messages.slice(index)) {
          if (candidate.role !== "tool") break;
          run.push(candidate);
        }
        const calls = lastCalls ?? [];
        const resolved = run.every((result) =>
          calls.some((c) => c.id !== undefined && c.id === result.toolCallId),
        );
        if (resolved) {
          const emitted = new Set<string>();
          for (const c of calls) {
            if (c.id === undefined || emitted.has(c.id)) continue;
            emitted.add(c.id);
            for (const result of run) if (result.toolCallId === c.id) prompt += renderTool(result, c.name);
          }
        } else for (const result of run) prompt += renderTool(result);
        return;
      }
      default:
      // The template renders no other role.
    }
  });
  const generation = `${open("message", [["role", "assistant"]])}${open(thinking ? "think" : "response")}`;
  return { conversation: prompt, generation };
};

function assistantTurn(message: PreparedMessage, thinking: boolean): string {
  let turn = "";
  if (thinking) {
    const reasoning = message.reasoning ?? "";
    turn += `${open("think")}${reasoning.trim() === "" ? "" : reasoning}${close("think")}`;
  }
  turn += `${open("response")}${contentText(message.content)}${close("response")}`;
  if (message.toolCalls === undefined) return turn;
  turn += open("tools");
  message.toolCalls.forEach((c, index) => {
    if (c.name === "") raise("Kimi K3 tool calls require a function name.");
    turn += open("call", [
      ["tool", c.name],
      ["index", index + 1],
    ]);
    if (Array.isArray(c.arguments))
      raise("Kimi K3 tool call arguments must be a mapping or a JSON object string.");
    for (const [key, value] of Object.entries((c.arguments ?? {}) as Record<string, unknown>)) {
      turn += `${open("argument", [
        ["key", key],
        ["type", xtmlType(value)],
      ])}${typeof value === "string" ? value : JSON.stringify(value)}${close("argument")}`;
    }
    turn += close("call");
  });
  return turn + close("tools");
}

function xtmlType(value: unknown): string {
  if (typeof value === "boolean") return "boolean";
  if (value === null) return "null";
  if (typeof value === "number") return "number";
  if (typeof value === "string") return "string";
  return Array.isArray(value) ? "array" : "object";
}

function declare(tools: readonly unknown[]): string {
  return `${open("message", [
    ["role", "system"],
    ["type", "tool-declare"],
  ])}# Tools\n\n\`\`\`json\n${JSON.stringify(tools)}\n\`\`\`${close("message")}${END}`;
}

function internal(type: string, body: string): string {
  return `${open("message", [
    ["role", "system"],
    ["type", type],
  ])}${body}${close("message")}${END}`;
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}
