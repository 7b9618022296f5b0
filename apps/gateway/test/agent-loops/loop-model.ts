import { readThinkingKwarg } from "@sluice/core";
import { findPreset } from "../../src/config/presets";
import { resolveModelPlan } from "../../src/config/resolve-model-plan";
import { rawStream } from "../server/chat-chunks";
import type { RawCall, RawMarkup } from "../server/raw-markup/raw-markup";
import type { Script } from "../server/scripted-upstream";
import { templateModelFor } from "../templates/template-model-for";
import { thinkTagsOf } from "../templates/think-tags-of";
import { FIRST_TASK, SECOND_TASK } from "./client-loops";

/** What the scripted model thinks, says before each call, and answers at the end of a loop. */
export const REASONING = "I should look at the files first.";
export const STEPS: readonly { readonly text: string; readonly call: RawCall }[] = [
  { text: "Let me list the files.", call: { name: "Bash", arguments: { command: "ls" } } },
  { text: "Now the file itself.", call: { name: "Read", arguments: { file_path: "a.txt" } } },
];
export const FINAL_ANSWER = "a.txt says hello.";

// Families whose template leaves `<think>` to the model: with thinking on it writes the tag itself (gpt-oss its
// whole analysis message, header and `<|end|>`; Gemma 4 its `<|channel>`).
const WRITES_OWN_THINK = new Set(["qwen3", "glm-4.5", "gpt-oss", "gemma-4"]);
// The channel name a family writes after its opener (Gemma 4's `<|channel>thought\n`), which the dialect drops.
const OPENER_LABEL: Readonly<Record<string, string>> = { "gemma-4": "thought\n" };

/**
 * A raw model server's model for the agent loops: it reads where its conversation stands (how many tool results
 * follow the last task), calls Bash, then Read, then answers, writing each call in the family's raw markup. It
 * answers where the family's template left it (`templateReasoning`), so a gateway that starts the answer the
 * wrong way loses it.
 */
export function loopModel(presetName: string, templatePreset: string, markup: RawMarkup | undefined): Script {
  const reasoningFor = templateReasoning(presetName, templatePreset);
  return (request) => {
    if (request.path !== "/v1/chat/completions") return { status: 404, body: '{"detail":"Not Found"}' };
    const step = markup === undefined ? undefined : STEPS[stepOf(request.body.messages)];
    const answer = step === undefined ? FINAL_ANSWER : `${step.text}\n\n${markup?.render([step.call])}`;
    return { payloads: rawStream(`${reasoningFor(request.body, REASONING)}${answer}`) };
  };
}

/**
 * How the family's model begins its raw answer to a request, given what it thinks: with thinking on, after a
 * generation prompt that opened `<think>`, the reasoning and `</think>`; where the template leaves the tag to
 * the model, `<think>…</think>`; otherwise nothing (thinking off, DeepSeek V3.1 after a tool result).
 */
export function templateReasoning(
  presetName: string,
  templatePreset: string = presetName,
): (body: Record<string, unknown>, reasoning: string) => string {
  if (findPreset(presetName) === undefined) throw new Error(`no preset ${presetName}`);
  const plan = resolveModelPlan({ preset: presetName });
  const template = templateModelFor(templatePreset);
  const { open, close } = thinkTagsOf(plan);
  return (body, reasoning) => {
    const rendered = template.render(body);
    if (!rendered.ok) throw new Error(`the template upstream passed a refused request: ${rendered.message}`);
    const kwargs = (body.chat_template_kwargs ?? {}) as Record<string, unknown>;
    const thinkingOn =
      plan.reasoning !== undefined &&
      (plan.alwaysThinks ||
        (plan.thinkingKwarg !== undefined &&
          readThinkingKwarg(plan.thinkingKwarg, kwargs[plan.thinkingKwarg]) === true));
    if (!thinkingOn) return "";
    if (rendered.generation.trimEnd().endsWith(open)) return `${reasoning}\n${close}\n\n`;
    return WRITES_OWN_THINK.has(presetName)
      ? `${open}${OPENER_LABEL[presetName] ?? ""}${reasoning}${close}\n\n`
      : "";
  };
}

/** How many tool results the conversation holds since its last task (Gemma 4's as the calling turn's tool_responses). */
function stepOf(messages: unknown): number {
  const list = Array.isArray(messages) ? (messages as { role?: unknown; content?: unknown }[]) : [];
  const asked = list.findLastIndex(
    (message) =>
      message.role === "user" &&
      [FIRST_TASK, SECOND_TASK].some((task) => JSON.stringify(message.content ?? "").includes(task)),
  );
  return toolResultCount(list.slice(asked + 1));
}

/** The tool results among upstream messages: `tool` messages, or Gemma 4's `tool_responses` of the calling turn. */
export function toolResultCount(messages: readonly unknown[]): number {
  return (messages as { role?: unknown; tool_responses?: unknown }[]).reduce<number>(
    (count, message) =>
      count +
      (message.role === "tool"
        ? 1
        : Array.isArray(message.tool_responses)
          ? message.tool_responses.length
          : 0),
    0,
  );
}
