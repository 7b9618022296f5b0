/** Claude Code's Bash tool, which the recorded Qwen3.5 answer calls. */
const BASH_TOOL = {
  name: "Bash",
  description: "Executes a given bash command.",
  input_schema: {
    type: "object",
    properties: {
      command: { type: "string", description: "The command to execute" },
      description: { type: "string", description: "What the command does in 5-10 words" },
    },
    required: ["command"],
  },
};

/** One streaming turn with thinking and the Bash tool, as Claude Code sends it. */
export const LOAD_REQUEST = JSON.stringify({
  model: "claude-sonnet-4-5",
  max_tokens: 4096,
  stream: true,
  thinking: { type: "enabled", budget_tokens: 2048 },
  tools: [BASH_TOOL],
  messages: [{ role: "user", content: "List the files in the project." }],
});
