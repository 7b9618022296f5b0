import { randomBytes } from "node:crypto";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";

/**
 * Three agent clients as they drive a tool loop through the gateway, each sending its whole conversation on every
 * request and taking back what it was given, the way the real ones do (docs/protocol.md D1, D2):
 * - Claude Code over `/v1/messages`: a billing header that changes per request, `# Environment` as a `system`
 *   entry after the first user turn, a hook's `system` entry mid-loop, thinking blocks and tool_use sent back;
 * - Codex over `/v1/responses`: two `developer` messages, an environment `user` message, reasoning items with
 *   `encrypted_content`, function calls and their outputs;
 * - an OpenAI SDK agent over `/v1/chat/completions`: system, a late `developer` message, assistant messages
 *   with `reasoning_content` and `tool_calls` sent back as received.
 * Each runs until the model answers without a call, then asks one more thing and runs that loop too, and
 * returns the text of each loop's last answer.
 */
export type ClientLoop = (origin: string, model: string) => Promise<string[]>;

/** The tools every loop offers: a shell and a file reader. */
export const LOOP_TOOLS = [
  {
    name: "Bash",
    description: "Runs a shell command",
    schema: {
      type: "object" as const,
      properties: { command: { type: "string" }, timeout: { type: "number" } },
      required: ["command"],
    },
  },
  {
    name: "Read",
    description: "Reads a file",
    schema: {
      type: "object" as const,
      properties: { file_path: { type: "string" } },
      required: ["file_path"],
    },
  },
];

/** The two user turns every loop sends, and what a tool answers. */
export const FIRST_TASK = "List the files here, then read a.txt.";
export const SECOND_TASK = "Thanks. Now say what a.txt means.";
/** What Claude Code's hook adds as a `system` entry once the first tool ran. */
export const HOOK_CONTEXT = "PostToolUse hook: the listing is complete.";
export const toolOutput = (name: string) => (name === "Bash" ? "a.txt\nb.txt" : "hello");
// At most this many model answers per loop: a gateway bug that never ends the loop fails instead of hanging.
const MAX_STEPS = 6;

export const claudeCodeLoop: ClientLoop = async (origin, model) => {
  const client = new Anthropic({ apiKey: "sluice", baseURL: origin, maxRetries: 0 });
  const answers: string[] = [];
  const messages: Anthropic.MessageParam[] = [
    {
      role: "user",
      content: [
        { type: "text", text: "<system-reminder>\nAttribution: add a trailer.\n</system-reminder>\n" },
        { type: "text", text: FIRST_TASK },
      ],
    },
    systemEntry("# Environment\n - Primary working directory: /work\n - Platform: linux"),
  ];
  for (const task of [undefined, SECOND_TASK]) {
    if (task !== undefined) messages.push({ role: "user", content: task });
    for (let step = 0; step < MAX_STEPS; step++) {
      const message = await client.messages
        .stream({
          model,
          max_tokens: 32000,
          thinking: { type: "adaptive" },
          // What changes per request: Claude Code's billing header (the gateway drops it).
          system: [
            {
              type: "text",
              text: `x-anthropic-billing-header: cc_version=2.1.332.bd5; cc_entrypoint=cli; cch=${randomBytes(3).toString("hex")};`,
            },
            { type: "text", text: "You are Claude Code.", cache_control: { type: "ephemeral" } },
          ],
          tools: LOOP_TOOLS.map((tool) => ({
            name: tool.name,
            description: tool.description,
            input_schema: tool.schema,
          })),
          messages,
          metadata: { user_id: `session-${randomBytes(4).toString("hex")}` },
        })
        .finalMessage();
      messages.push({ role: "assistant", content: message.content });
      const calls = message.content.filter((block) => block.type === "tool_use");
      if (calls.length === 0) {
        answers.push(
          message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join(""),
        );
        break;
      }
      messages.push({
        role: "user",
        content: calls.map((call) => ({
          type: "tool_result" as const,
          tool_use_id: call.id,
          content: toolOutput(call.name),
        })),
      });
      // A hook's context, as Claude Code sends it after a tool ran.
      if (step === 0) messages.push(systemEntry(HOOK_CONTEXT));
    }
  }
  return answers;
};

/** Claude Code's `role: "system"` entry inside `messages` (the SDK's types know only user and assistant). */
function systemEntry(text: string): Anthropic.MessageParam {
  return { role: "system", content: [{ type: "text", text }] } as unknown as Anthropic.MessageParam;
}

export const codexLoop: ClientLoop = async (origin, model) => {
  const client = new OpenAI({ apiKey: "sluice", baseURL: `${origin}/v1`, maxRetries: 0 });
  const answers: string[] = [];
  const text = (role: "developer" | "user", value: string): OpenAI.Responses.ResponseInputItem => ({
    type: "message",
    role,
    content: [{ type: "input_text", text: value }],
  });
  const input: OpenAI.Responses.ResponseInputItem[] = [
    text("developer", "You are Codex, a coding agent."),
    text("developer", "<permissions>sandbox: workspace-write</permissions>"),
    text("user", "<environment_context>\n  <cwd>/work</cwd>\n</environment_context>"),
    text("user", FIRST_TASK),
  ];
  for (const task of [undefined, SECOND_TASK]) {
    if (task !== undefined) input.push(text("user", task));
    for (let step = 0; step < MAX_STEPS; step++) {
      const response = await client.responses
        .stream({
          model,
          input,
          tools: LOOP_TOOLS.map((tool) => ({
            type: "function" as const,
            name: tool.name,
            description: tool.description,
            strict: false,
            parameters: tool.schema,
          })),
          tool_choice: "auto",
          parallel_tool_calls: true,
          reasoning: { summary: "auto" },
          store: false,
          include: ["reasoning.encrypted_content"],
          prompt_cache_key: randomBytes(8).toString("hex"),
        })
        .finalResponse();
      // Codex sends back every item it got, then each call's output.
      input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
      const calls = response.output.filter((item) => item.type === "function_call");
      if (calls.length === 0) {
        answers.push(response.output_text);
        break;
      }
      for (const call of calls)
        input.push({ type: "function_call_output", call_id: call.call_id, output: toolOutput(call.name) });
    }
  }
  return answers;
};

export const chatCompletionsLoop: ClientLoop = async (origin, model) => {
  const client = new OpenAI({ apiKey: "sluice", baseURL: `${origin}/v1`, maxRetries: 0 });
  const answers: string[] = [];
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: "system", content: "You are a helpful agent." },
    { role: "user", content: FIRST_TASK },
    { role: "developer", content: "Prefer short answers." },
  ];
  for (const task of [undefined, SECOND_TASK]) {
    if (task !== undefined) messages.push({ role: "user", content: task });
    for (let step = 0; step < MAX_STEPS; step++) {
      const completion = await client.chat.completions.create({
        model,
        messages,
        tools: LOOP_TOOLS.map((tool) => ({
          type: "function" as const,
          function: { name: tool.name, description: tool.description, parameters: tool.schema },
        })),
        reasoning_effort: "medium",
      });
      const message = completion.choices[0]?.message;
      if (message === undefined) throw new Error("no choice in the completion");
      // Sent back as received, reasoning_content included (vLLM-style clients keep it).
      messages.push(message as OpenAI.Chat.ChatCompletionAssistantMessageParam);
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) {
        answers.push(message.content ?? "");
        break;
      }
      for (const call of calls) {
        const name = call.type === "function" ? call.function.name : "";
        messages.push({ role: "tool", tool_call_id: call.id, content: toolOutput(name) });
      }
    }
  }
  return answers;
};
