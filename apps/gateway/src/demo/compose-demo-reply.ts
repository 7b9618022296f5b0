import type { Random } from "./create-random";
import { isSmallTalk } from "./is-small-talk";
import { type DemoCall, planDemoCall } from "./plan-demo-call";
import { quoteExcerpt } from "./quote-excerpt";
import type { DemoRequest } from "./read-demo-request";
import { renderQwenXmlCall } from "./render-qwen-xml-call";

/**
 * The whole raw completion a Qwen3.5 model served without parsers would write: reasoning closed by
 * `</think>` (no `<think>`: the chat template already put it in the prompt), an answer sentence, and
 * a `qwen_xml` call when one fits (planDemoCall); after a tool result, text only.
 */
export function composeDemoReply(request: DemoRequest, random: Random): string {
  const asked = quoteExcerpt(request.lastUserText, 12) || "an empty message";
  const call = request.toolResult === undefined ? planDemoCall(request, random) : undefined;
  const toolsOffered = request.tools.length > 0 && request.toolChoice !== "none";
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
  } else if (call !== undefined) {
    reasoning = [
      random.pick([`The user asks: "${asked}".`, `The user's message is "${asked}".`]),
      whyThisCall(call, request.tools.length),
      "I'll call it with arguments that match its input schema.",
    ];
    answer = `${random.pick(["I'll use the", "Let me call the"])} ${call.tool.name} tool for this.\n\n${renderQwenXmlCall(
      call.tool.name,
      call.arguments,
    )}`;
  } else if (isSmallTalk(request.lastUserText) && request.lastUserText !== "") {
    reasoning = [
      random.pick([`The user says "${asked}".`, `The user's message is "${asked}".`]),
      "That's small talk, not a task, so no tool is needed.",
      random.pick(["A friendly sentence or two will do.", "I'll answer briefly and say what I can show."]),
    ];
    answer = `${greeting(request.lastUserText)} You said "${asked}". This is the Sluice demo model: every word of this reply was streamed as raw Qwen3.5 text and parsed by the gateway. Ask it to run a command or to read a file in your project to see a tool call.`;
  } else {
    reasoning = [
      random.pick([`The user asks: "${asked}".`, `The user's message is "${asked}".`]),
      toolsOffered
        ? `${request.tools.length === 1 ? "The one tool offered does not fit" : `None of the ${request.tools.length} tools offered fits`} this without side effects, so I'll answer directly.`
        : "No tool is needed here, so I can answer directly.",
      random.pick(["I'll keep the reply to one sentence.", "A short answer will do."]),
    ];
    answer = `This is the Sluice demo model answering "${asked}": every word of it was streamed as raw Qwen3.5 text and parsed by the gateway.`;
  }

  return request.thinking ? `${reasoning.join(" ")}\n</think>\n\n${answer}` : answer;
}

function greeting(text: string): string {
  if (/\b(?:thanks?|thx|ty|tysm|cheers)\b/i.test(text)) return "You're welcome!";
  if (/\b(?:bye|goodbye|later|cya)\b/i.test(text)) return "Goodbye!";
  return "Hello!";
}

function whyThisCall(call: DemoCall, toolCount: number): string {
  const why =
    whatTheCallDoes(call) ??
    (toolCount === 1
      ? `${call.tool.name}, the one tool offered, fits this request.`
      : `Of the ${toolCount} tools offered, ${call.tool.name} fits this request best.`);
  return call.named ? `The user names the ${call.tool.name} tool, so I'll use it. ${why}` : why;
}

function whatTheCallDoes(call: DemoCall): string | undefined {
  const name = call.tool.name;
  // Through a shell, the demo's own command does the work: say which.
  const using = (command: string): string => (call.kind === "shell" ? `${command} through ${name}` : name);
  switch (call.task) {
    case "read":
      return `The message names ${quoteExcerpt(call.filePath ?? "a file", 1)}, inside the working directory, so I'll read it with ${using("cat")}.`;
    case "list":
      return `Listing the working directory with ${using("ls")} answers this without changing anything.`;
    case "search":
      return `Searching the files for "${call.searchTerm ?? ""}" with ${using("grep")} answers this without changing anything.`;
    case "echo":
      return `A harmless echo through ${name} shows the tool loop without changing anything.`;
    default:
      return undefined;
  }
}
