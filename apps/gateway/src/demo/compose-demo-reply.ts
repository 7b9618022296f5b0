import type { Random } from "./create-random";
import { demoArguments } from "./demo-arguments";
import { pickDemoTool } from "./pick-demo-tool";
import { quoteExcerpt } from "./quote-excerpt";
import type { DemoRequest } from "./read-demo-request";
import { renderQwenXmlCall } from "./render-qwen-xml-call";

/**
 * The whole raw completion a Qwen3.5 model served without parsers would write: reasoning closed by
 * `</think>` (no `<think>`: the chat template already put it in the prompt), an answer sentence, and
 * a `qwen_xml` call when tools are offered; after a tool result, text only.
 */
export function composeDemoReply(request: DemoRequest, random: Random): string {
  const asked = quoteExcerpt(request.lastUserText, 12) || "an empty message";
  const tool =
    request.toolResult === undefined
      ? pickDemoTool(request.tools, request.toolChoice, request.lastUserText)
      : undefined;
  let reasoning: string[];
  let answer: string;

  if (request.toolResult !== undefined) {
    const result = quoteExcerpt(request.toolResult, 10) || "nothing";
    reasoning = [
      random.pick([`The tool has returned "${result}".`, `The tool call came back with "${result}".`]),
      `The user originally asked: "${asked}".`,
      "I have what I need, so I'll summarise the result instead of calling another tool.",
    ];
    answer = `The tool returned "${result}". ${random.pick([
      "That answers the request.",
      "That completes the demo request.",
    ])}`;
  } else if (tool !== undefined) {
    reasoning = [
      random.pick([`The user asks: "${asked}".`, `The user's message is "${asked}".`]),
      `Of the ${request.tools.length} tools offered, ${tool.name} fits this request best.`,
      "I'll call it with arguments that match its input schema.",
    ];
    answer = `${random.pick(["I'll use the", "Let me call the"])} ${tool.name} tool for this.\n\n${renderQwenXmlCall(
      tool.name,
      demoArguments(tool.parameters, random).values,
    )}`;
  } else {
    reasoning = [
      random.pick([`The user asks: "${asked}".`, `The user's message is "${asked}".`]),
      "No tool is needed here, so I can answer directly.",
      random.pick(["I'll keep the reply to one sentence.", "A short answer will do."]),
    ];
    answer = `This is the Sluice demo model answering "${asked}": every word of it was streamed as raw Qwen3.5 text and parsed by the gateway.`;
  }

  return request.thinking ? `${reasoning.join(" ")}\n</think>\n\n${answer}` : answer;
}
