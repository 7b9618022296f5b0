import { contentText } from "./prepare-vllm-messages";
import { type FamilyRender, type PreparedMessage, raise } from "./template-model";

const CHANNEL_TAGS = ["<|channel|>analysis<|message|>", "<|channel|>final<|message|>"];

/**
 * gpt-oss as this test models it, taken from OpenAI's harmony chat template (`openai/gpt-oss-20b` and `-120b`
 * `chat_template.jinja`, the one transformers' gpt-oss converter writes and llama.cpp's
 * `models/templates/openai-gpt-oss-120b.jinja` carries), with the messages as llama.cpp hands them to it
 * (`common_chat_params_init_gpt_oss`: an assistant turn's `reasoning_content` becomes its `thinking`; here the
 * prepared `reasoning`, read from the request field the server reads):
 * - a system message of its own (`Reasoning: ` + `reasoning_effort`, default `medium`; the model identity, the
 *   knowledge cutoff; the template's current date left out), then the first message, when it is a system or
 *   developer message, as the developer message (`# Instructions`), with the tools (a JSON stand-in for its
 *   TypeScript namespace); a later system message matches no branch of its message loop and is dropped;
 * - an assistant turn with calls: its analysis (`thinking`, or else its text) only when no later assistant turn
 *   without calls follows (the CoT of a finished tool loop is dropped), raising when it has both text and thinking;
 *   then its first call only, `<|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>ARGS<|call|>`;
 * - any other assistant turn: its text on the final channel, its thinking dropped;
 * - a tool result: `<|start|>functions.NAME to=assistant<|channel|>commentary<|message|>` + its text as JSON, NAME the
 *   last call's (raising when no call came before);
 * - the generation prompt `<|start|>assistant`: the model writes every channel header itself.
 */
export const gptOssTemplate: FamilyRender = ({ messages, tools, kwargs }) => {
  const effort = typeof kwargs.reasoning_effort === "string" ? kwargs.reasoning_effort : "medium";
  let prompt =
    "<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\n" +
    `Knowledge cutoff: 2024-06\n\nReasoning: ${effort}\n\n` +
    "# Valid channels: analysis, commentary, final. Channel must be included for every message." +
    (tools !== undefined && tools.length > 0
      ? "\nCalls to these tools must go to the commentary channel: 'functions'."
      : "") +
    "<|end|>";
  const first = messages[0];
  const leading = first?.role === "system" || first?.role === "developer";
  const developer = leading ? contentText(first.content) : "";
  const loop = leading ? messages.slice(1) : messages;
  const hasTools = tools !== undefined && tools.length > 0;
  if (developer !== "" || hasTools) {
    prompt += "<|start|>developer<|message|>";
    if (developer !== "") prompt += `# Instructions\n\n${developer}`;
    if (hasTools) prompt += `\n\n# Tools\n\n## functions\n\n${JSON.stringify(tools)}`;
    prompt += "<|end|>";
  }
  let lastCall: string | undefined;
  loop.forEach((message, index) => {
    if (message.role === "assistant") {
      const content = contentText(message.content);
      const thinking = message.reasoning;
      if (CHANNEL_TAGS.some((tag) => content.includes(tag)))
        raise(
          "You have passed a message containing <|channel|> tags in the content field. Instead of doing this, you should pass analysis messages (the string between '<|message|>' and '<|end|>') in the 'thinking' field, and final messages (the string between '<|message|>' and '<|end|>') in the 'content' field.",
        );
      const call = message.toolCalls?.[0];
      if (call === undefined) {
        prompt += `<|start|>assistant<|channel|>final<|message|>${content}<|end|>`;
        lastCall = undefined;
        return;
      }
      const finalFollows = loop
        .slice(index + 1)
        .some((later) => later.role === "assistant" && later.toolCalls === undefined);
      if (content !== "" && thinking !== undefined && thinking !== "")
        raise(
          "Cannot pass both content and thinking in an assistant message with tool calls! Put the analysis message in one or the other, but not both.",
        );
      const analysis = content !== "" ? content : (thinking ?? "");
      if (analysis !== "" && !finalFollows)
        prompt += `<|start|>assistant<|channel|>analysis<|message|>${analysis}<|end|>`;
      prompt += `<|start|>assistant to=functions.${call.name}<|channel|>commentary json<|message|>${JSON.stringify(call.arguments)}<|call|>`;
      lastCall = call.name;
    } else if (message.role === "tool") {
      if (lastCall === undefined)
        raise("Message has tool role, but there was no previous assistant message with a tool call!");
      prompt += `<|start|>functions.${lastCall} to=assistant<|channel|>commentary<|message|>${JSON.stringify(text(message))}<|end|>`;
    } else if (message.role === "user") {
      prompt += `<|start|>user<|message|>${text(message)}<|end|>`;
    }
    // Any other role (a later system or developer message) matches no branch: dropped.
  });
  return { conversation: prompt, generation: "<|start|>assistant" };
};

function text(message: PreparedMessage): string {
  return contentText(message.content);
}
