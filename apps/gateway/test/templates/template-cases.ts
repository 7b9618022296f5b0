/**
 * Minimal requests that show each family's documented raises, drops and generation prompts; the
 * oracle's unit tests assert them, and the local comparison against the real templates replays them.
 */
export interface TemplateCase {
  readonly preset: string;
  readonly name: string;
  readonly body: Record<string, unknown>;
  /** The template's exception text, when it raises. */
  readonly raises?: string;
  /** Client texts the prompt contains. */
  readonly keeps?: readonly string[];
  /** Client texts the template leaves out. */
  readonly drops?: readonly string[];
  /** The generation prompt's end: where the model starts. */
  readonly generationEnds?: string;
}

const system = (content: string) => ({ role: "system", content });
const developer = (content: string) => ({ role: "developer", content });
const user = (content: unknown) => ({ role: "user", content });
const assistant = (content: string | null, extra: Record<string, unknown> = {}) => ({
  role: "assistant",
  content,
  ...extra,
});
const call = (id: string, command: string) => ({
  id,
  type: "function",
  function: { name: "Bash", arguments: JSON.stringify({ command }) },
});
const toolResult = (id: string, content: string) => ({ role: "tool", tool_call_id: id, content });

export const TOOLS = [
  {
    type: "function",
    function: {
      name: "Bash",
      description: "Run a shell command",
      parameters: {
        type: "object",
        properties: { command: { type: "string", description: "The command" } },
        required: ["command"],
      },
    },
  },
];

/** A Claude Code-shaped tool loop: system, a question, a call with reasoning, its result, an answer. */
const loop = [
  system("SYS-ENV"),
  user("USER-ASK"),
  assistant(null, { reasoning: "REASON-CALL", tool_calls: [call("call_1", "CMD-LS")] }),
  toolResult("call_1", "TOOL-OUT"),
  assistant("ANSWER-DONE", { reasoning: "REASON-DONE" }),
  user("USER-NEXT"),
];
const loopTexts = ["SYS-ENV", "USER-ASK", "CMD-LS", "TOOL-OUT", "ANSWER-DONE", "USER-NEXT"];
const lateSystem = [system("SYS-FIRST"), user("USER-ASK"), system("SYS-LATE"), user("USER-NEXT")];
const withDeveloper = [system("SYS-FIRST"), developer("DEV-RULES"), user("USER-ASK")];
/** Mid-loop: the request after the tool result, which the model answers. */
const afterTool = loop.slice(0, 4);

export const TEMPLATE_CASES: readonly TemplateCase[] = [
  // Qwen3.5 / 3.6
  {
    preset: "qwen3.5",
    name: "renders a tool loop",
    body: { messages: loop, tools: TOOLS },
    keeps: loopTexts,
    drops: ["REASON-CALL", "REASON-DONE"],
    generationEnds: "<think>\n",
  },
  {
    preset: "qwen3.5",
    name: "raises on a late system message",
    body: { messages: lateSystem },
    raises: "System message must be at the beginning.",
  },
  {
    preset: "qwen3.5",
    name: "raises on a developer message",
    body: { messages: withDeveloper },
    raises: "Unexpected message role.",
  },
  {
    preset: "qwen3.5",
    name: "raises without a user query",
    body: { messages: [system("SYS"), user("<tool_response>\nx\n</tool_response>")] },
    raises: "No user query found in messages.",
  },
  {
    preset: "qwen3.5",
    name: "raises on no messages",
    body: { messages: [] },
    raises: "No messages provided.",
  },
  {
    preset: "qwen3.5",
    name: "keeps reasoning after the last query only",
    body: { messages: afterTool, tools: TOOLS },
    keeps: ["REASON-CALL", "TOOL-OUT"],
  },
  {
    preset: "qwen3.5",
    name: "pre-fills an empty think block when thinking is off",
    body: { messages: [user("Q")], chat_template_kwargs: { enable_thinking: false } },
    generationEnds: "<think>\n\n</think>\n\n",
  },
  {
    preset: "qwen3.5",
    name: "a late system sent as its own user message becomes the last query: loop reasoning before it drops",
    body: { messages: [...afterTool, user("<system-reminder>LATE</system-reminder>")], tools: TOOLS },
    keeps: ["LATE", "TOOL-OUT"],
    drops: ["REASON-CALL"],
  },
  {
    preset: "qwen3.6",
    name: "keeps all reasoning with preserve_thinking",
    body: { messages: loop, tools: TOOLS, chat_template_kwargs: { preserve_thinking: true } },
    keeps: [...loopTexts, "REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "qwen3.6",
    name: "drops earlier reasoning without preserve_thinking",
    body: { messages: loop, tools: TOOLS },
    drops: ["REASON-CALL", "REASON-DONE"],
  },
  // Step 3.5 / 3.7 Flash
  {
    preset: "step-3.5",
    name: "renders a tool loop, tool results in a tool_response turn",
    body: { messages: loop, tools: TOOLS },
    keeps: [...loopTexts, "<|im_start|>tool_response\n<tool_response>TOOL-OUT</tool_response><|im_end|>"],
    drops: ["REASON-CALL", "REASON-DONE"],
    generationEnds: "<|im_start|>assistant\n<think>\n",
  },
  {
    preset: "step-3.5",
    name: "always opens <think>: enable_thinking switches nothing",
    body: { messages: [user("Q")], chat_template_kwargs: { enable_thinking: false } },
    generationEnds: "<|im_start|>assistant\n<think>\n",
  },
  {
    preset: "step-3.5",
    name: "keeps all reasoning with preserve_thinking",
    body: { messages: loop, tools: TOOLS, chat_template_kwargs: { preserve_thinking: true } },
    keeps: [...loopTexts, "REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "step-3.5",
    name: "renders a late system message in place and drops a developer message",
    body: { messages: [...lateSystem, developer("DEV-RULES")] },
    keeps: ["SYS-FIRST", "<|im_start|>system\nSYS-LATE<|im_end|>", "USER-NEXT"],
    drops: ["DEV-RULES"],
  },
  {
    preset: "step-3.5",
    name: "puts reasoning_effort in the system turn",
    body: { messages: [system("SYS-FIRST"), user("Q")], chat_template_kwargs: { reasoning_effort: "high" } },
    keeps: ["<|im_start|>system\nReasoning: high\n\nSYS-FIRST<|im_end|>"],
  },
  // Seed-OSS
  {
    preset: "seed-oss",
    name: "renders a tool loop with every past reasoning, each call in its own <seed:tool_call>",
    body: { messages: loop, tools: TOOLS },
    keeps: [
      ...loopTexts,
      "REASON-CALL",
      "REASON-DONE",
      "<seed:bos>tool\nTOOL-OUT<seed:eos>",
      "</seed:tool_call>",
    ],
    generationEnds: "<seed:bos>assistant\n",
  },
  {
    preset: "seed-oss",
    name: "opens <seed:think> only with thinking_budget 0, inside a budget note",
    body: { messages: [user("Q")], chat_template_kwargs: { thinking_budget: 0 } },
    generationEnds: "<seed:think><seed:cot_budget_reflect>",
  },
  {
    preset: "seed-oss",
    name: "renders a late system message in place, and a developer message under its own role",
    body: { messages: [...lateSystem, developer("DEV-RULES")] },
    keeps: ["SYS-FIRST", "<seed:bos>system\nSYS-LATE<seed:eos>", "<seed:bos>developer\nDEV-RULES<seed:eos>"],
  },
  // Kimi K3
  {
    preset: "kimi-k3",
    name: "renders a tool loop with every past reasoning, system messages in place, results under their call's name",
    body: { messages: [...loop, system("SYS-LATE")], tools: TOOLS },
    keeps: [
      ...loopTexts,
      "REASON-CALL",
      "REASON-DONE",
      "SYS-LATE",
      '<|open|>argument key="command" type="string"<|sep|>CMD-LS<|close|>argument<|sep|>',
      '<|open|>message role="tool" tool="Bash" index="1"<|sep|>TOOL-OUT',
    ],
    generationEnds: '<|open|>message role="assistant"<|sep|><|open|>think<|sep|>',
  },
  {
    preset: "kimi-k3",
    name: "opens the response channel and renders no past reasoning with thinking off",
    body: { messages: loop, tools: TOOLS, chat_template_kwargs: { thinking: false } },
    keeps: loopTexts,
    drops: ["REASON-CALL", "REASON-DONE"],
    generationEnds: '<|open|>message role="assistant"<|sep|><|open|>response<|sep|>',
  },
  {
    preset: "kimi-k3",
    name: "raises on a tool result it cannot name",
    body: {
      messages: [
        user("USER-ASK"),
        assistant(null, { tool_calls: [call("call_1", "CMD-LS")] }),
        toolResult("call_1", "TOOL-OUT"),
        toolResult("call_9", "TOOL-LOST"),
      ],
    },
    raises:
      "Kimi K3 tool messages need a resolvable tool name: carry `tool`/`name`, or match a preceding assistant tool_call by order.",
  },
  {
    preset: "kimi-k3",
    name: "renders a result that matches no call under the name it carries",
    body: {
      messages: [
        user("USER-ASK"),
        assistant(null, { tool_calls: [call("call_1", "CMD-LS")] }),
        toolResult("call_1", "TOOL-OUT"),
        { ...toolResult("call_9", "TOOL-LOST"), name: "Bash" },
      ],
    },
    keeps: ['tool="Bash" index="2"<|sep|>TOOL-LOST'],
  },
  // gpt-oss (harmony)
  {
    preset: "gpt-oss",
    name: "renders a tool loop: the developer message first, a finished loop's analysis dropped",
    body: { messages: loop, tools: TOOLS },
    keeps: [
      ...loopTexts,
      "<|start|>developer<|message|># Instructions\n\nSYS-ENV",
      '<|start|>assistant to=functions.Bash<|channel|>commentary json<|message|>{"command":"CMD-LS"}<|call|>',
      '<|start|>functions.Bash to=assistant<|channel|>commentary<|message|>"TOOL-OUT"<|end|>',
    ],
    drops: ["REASON-CALL", "REASON-DONE"],
    generationEnds: "<|start|>assistant",
  },
  {
    preset: "gpt-oss",
    name: "keeps the analysis of the tool loop under way",
    body: { messages: afterTool, tools: TOOLS },
    keeps: ["<|start|>assistant<|channel|>analysis<|message|>REASON-CALL<|end|>", "TOOL-OUT"],
  },
  {
    preset: "gpt-oss",
    name: "drops a late system message",
    body: { messages: lateSystem },
    keeps: ["SYS-FIRST", "USER-ASK", "USER-NEXT"],
    drops: ["SYS-LATE"],
  },
  {
    preset: "gpt-oss",
    name: "raises on a call turn with both text and thinking",
    body: {
      messages: [
        user("USER-ASK"),
        assistant("TEXT", { reasoning: "REASON", tool_calls: [call("call_1", "CMD-LS")] }),
        toolResult("call_1", "TOOL-OUT"),
      ],
    },
    raises:
      "Cannot pass both content and thinking in an assistant message with tool calls! Put the analysis message in one or the other, but not both.",
  },
  {
    preset: "gpt-oss",
    name: "renders only a turn's first call",
    body: {
      messages: [
        user("USER-ASK"),
        assistant(null, { tool_calls: [call("call_1", "CMD-LS"), call("call_2", "CMD-PWD")] }),
        toolResult("call_1", "TOOL-OUT"),
        toolResult("call_2", "TOOL-TWO"),
      ],
    },
    keeps: ["CMD-LS", "TOOL-OUT", "TOOL-TWO"],
    drops: ["CMD-PWD"],
  },
  {
    preset: "gpt-oss",
    name: "says the reasoning effort in its system message",
    body: { messages: [user("Q")], chat_template_kwargs: { reasoning_effort: "high" } },
    keeps: ["Reasoning: high"],
  },
  // Gemma 4
  {
    preset: "gemma-4",
    name: "renders a tool loop with tool_responses on the calling turn, past reasoning stripped",
    body: {
      messages: [
        system("SYS-ENV"),
        user("USER-ASK"),
        assistant(null, {
          reasoning: "REASON-CALL",
          tool_calls: [call("call_1", "CMD-LS")],
          tool_responses: [{ name: "Bash", response: "TOOL-OUT" }],
        }),
        assistant("ANSWER-DONE", { reasoning: "REASON-DONE" }),
        user("USER-NEXT"),
      ],
      tools: TOOLS,
    },
    keeps: [
      ...loopTexts,
      "<|turn>system\nSYS-ENV<|tool>",
      '<|tool_call>call:Bash{command:<|"|>CMD-LS<|"|>}<tool_call|><|tool_response>response:Bash{value:<|"|>TOOL-OUT<|"|>}<tool_response|><|turn>model\nANSWER-DONE<turn|>',
    ],
    drops: ["REASON-CALL", "REASON-DONE"],
    generationEnds: "<|turn>model\n<|channel>thought\n<channel|>",
  },
  {
    preset: "gemma-4",
    name: "continues the model's turn after tool responses, and leaves the channel to the model when thinking is on",
    body: {
      messages: [
        user("USER-ASK"),
        assistant(null, {
          tool_calls: [call("call_1", "CMD-LS")],
          tool_responses: [{ name: "Bash", response: { lines: 2, ok: true } }],
        }),
      ],
      chat_template_kwargs: { enable_thinking: true },
    },
    keeps: [
      "<|turn>system\n<|think|><turn|>",
      "<|tool_response>response:Bash{lines:2,ok:true}<tool_response|>",
    ],
    // No generation prompt at all: no new `<|turn>model`, no closed channel.
    generationEnds: "",
  },
  {
    preset: "gemma-4",
    name: "raises on a plain tool message (rendered as a bare <|turn>tool turn)",
    body: { messages: loop, tools: TOOLS },
    raises:
      "Gemma 4's template renders a tool message as a bare <|turn>tool turn: send its result as tool_responses",
  },
  {
    preset: "gemma-4",
    name: "raises on text beside tool responses (rendered after them, closing the turn)",
    body: {
      messages: [
        user("Q"),
        assistant("TEXT", {
          tool_calls: [call("call_1", "CMD-LS")],
          tool_responses: [{ name: "Bash", response: "OUT" }],
        }),
      ],
    },
    raises: "Gemma 4's template renders a turn's text after its tool_responses and closes the turn",
  },
  {
    preset: "gemma-4",
    name: "renders a late system message as a system turn in place, and raises on a later developer one",
    body: { messages: lateSystem },
    keeps: ["SYS-FIRST", "<|turn>system\nSYS-LATE<turn|>", "USER-NEXT"],
  },
  {
    preset: "gemma-4",
    name: "raises on a later developer message",
    body: { messages: [user("Q"), developer("DEV-RULES"), user("Q2")] },
    raises: "Gemma 4's template renders a later developer message as a <|turn>developer turn",
  },
  // Qwen3, Qwen3-Coder, Hermes
  {
    preset: "qwen3",
    name: "renders a late system message in place",
    body: { messages: lateSystem },
    keeps: ["SYS-FIRST", "SYS-LATE", "USER-NEXT"],
    generationEnds: "<|im_start|>assistant\n",
  },
  {
    preset: "qwen3",
    name: "drops a developer message",
    body: { messages: withDeveloper },
    keeps: ["SYS-FIRST", "USER-ASK"],
    drops: ["DEV-RULES"],
  },
  {
    preset: "qwen3-coder",
    name: "renders a developer message as its own turn and no reasoning",
    body: { messages: [...withDeveloper, ...loop.slice(2)], tools: TOOLS },
    keeps: ["DEV-RULES", "CMD-LS", "TOOL-OUT"],
    drops: ["REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "hermes",
    name: "drops a developer message and the text beside a tool call",
    body: {
      messages: [
        system("SYS"),
        developer("DEV-RULES"),
        user("Q"),
        assistant("TEXT-BESIDE", { tool_calls: [call("c1", "CMD")] }),
        toolResult("c1", "OUT"),
      ],
      tools: TOOLS,
    },
    keeps: ["SYS", "CMD", "OUT"],
    drops: ["DEV-RULES", "TEXT-BESIDE"],
  },
  {
    preset: "hermes",
    name: "renders every role without tools",
    body: { messages: withDeveloper },
    keeps: ["SYS-FIRST", "DEV-RULES", "USER-ASK"],
  },
  // GLM
  {
    preset: "glm-4.5",
    name: "renders late systems in place and drops developer and old reasoning",
    body: { messages: [...withDeveloper, ...loop.slice(2), system("SYS-LATE")], tools: TOOLS },
    keeps: ["SYS-FIRST", "SYS-LATE", "CMD-LS", "TOOL-OUT"],
    drops: ["DEV-RULES", "REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "glm-4.5",
    name: "appends /nothink when thinking is off",
    body: { messages: [user("Q")], chat_template_kwargs: { enable_thinking: false } },
    keeps: ["Q/nothink"],
    generationEnds: "<|assistant|>\n<think></think>",
  },
  {
    preset: "glm-4.7",
    name: "keeps all reasoning with clear_thinking false",
    body: { messages: loop, tools: TOOLS, chat_template_kwargs: { clear_thinking: false } },
    keeps: ["REASON-CALL", "REASON-DONE"],
    generationEnds: "<|assistant|><think>",
  },
  {
    preset: "glm-4.7",
    name: "closes the think block when thinking is off",
    body: { messages: [user("Q")], chat_template_kwargs: { enable_thinking: false } },
    generationEnds: "<|assistant|></think>",
  },
  // MiniMax
  {
    preset: "minimax-m2",
    name: "drops a late system and a developer message",
    body: { messages: [...withDeveloper, system("SYS-LATE"), user("USER-NEXT")] },
    keeps: ["SYS-FIRST", "USER-ASK", "USER-NEXT"],
    drops: ["DEV-RULES", "SYS-LATE"],
    generationEnds: "<think>\n",
  },
  {
    preset: "minimax-m2",
    name: "raises on a tool result without a call",
    body: { messages: [user("Q"), toolResult("x", "OUT")] },
    raises: "Message has tool role, but there was no previous assistant message with a tool call!",
  },
  {
    preset: "minimax-m2",
    name: "keeps reasoning after the last user only",
    body: { messages: afterTool, tools: TOOLS },
    keeps: ["REASON-CALL", "TOOL-OUT"],
  },
  {
    preset: "minimax-m3",
    name: "drops a late system and a developer message",
    body: { messages: [...withDeveloper, system("SYS-LATE"), user("USER-NEXT")] },
    keeps: ["SYS-FIRST", "USER-ASK", "USER-NEXT"],
    drops: ["DEV-RULES", "SYS-LATE"],
    generationEnds: "]~b]ai\n",
  },
  {
    preset: "minimax-m3",
    name: "opens <mm:think> when thinking_mode is enabled",
    body: { messages: [user("Q")], chat_template_kwargs: { thinking_mode: "enabled" } },
    generationEnds: "<mm:think>\n",
  },
  {
    preset: "minimax-m3",
    name: "keeps reasoning after the last user only",
    body: { messages: afterTool, tools: TOOLS },
    keeps: ["REASON-CALL", "TOOL-OUT"],
  },
  // DeepSeek
  {
    preset: "deepseek-v3.1",
    name: "raises on a past tool call (arguments are an object under vLLM)",
    body: { messages: afterTool, tools: TOOLS },
    raises: 'can only concatenate str (not "dict") to str',
  },
  {
    preset: "deepseek-v3.1",
    name: "joins every system message at the top",
    body: { messages: lateSystem },
    keeps: ["SYS-FIRST\n\nSYS-LATE<｜User｜>USER-ASK"],
    generationEnds: "<｜Assistant｜></think>",
  },
  {
    preset: "deepseek-v3.1",
    name: "opens think after a user message when thinking is on",
    body: { messages: [user("Q")], chat_template_kwargs: { thinking: true } },
    generationEnds: "<｜Assistant｜><think>",
  },
  {
    preset: "deepseek-v3.2",
    name: "drops a late system message",
    body: { messages: lateSystem },
    keeps: ["SYS-FIRST", "USER-NEXT"],
    drops: ["SYS-LATE"],
  },
  {
    preset: "deepseek-v3.2",
    name: "thinks by default and ignores `thinking`",
    body: { messages: [user("Q")], chat_template_kwargs: { thinking: false } },
    generationEnds: "<think>",
  },
  {
    preset: "deepseek-v3.2",
    name: "enable_thinking false closes the think block",
    body: { messages: afterTool, tools: TOOLS, chat_template_kwargs: { enable_thinking: false } },
    keeps: ["CMD-LS", "TOOL-OUT"],
    drops: ["REASON-CALL"],
    generationEnds: "</think>",
  },
  {
    preset: "deepseek-v4",
    name: "drops reasoning before a tool result",
    body: { messages: afterTool, tools: TOOLS, chat_template_kwargs: { thinking: true } },
    keeps: ["SYS-ENV", "CMD-LS", "TOOL-OUT"],
    drops: ["REASON-CALL"],
    generationEnds: "<think>",
  },
  {
    preset: "deepseek-r1",
    name: "keeps only the last system message",
    body: { messages: lateSystem },
    keeps: ["SYS-LATE"],
    drops: ["SYS-FIRST"],
    generationEnds: "<think>\n",
  },
  {
    preset: "deepseek-r1",
    name: "raises on a past tool call",
    body: { messages: afterTool },
    raises: 'can only concatenate str (not "dict") to str',
  },
  // Kimi
  {
    preset: "kimi-k2",
    name: "does not render past tool calls or reasoning",
    body: { messages: loop, tools: TOOLS },
    keeps: ["SYS-ENV", "TOOL-OUT", "ANSWER-DONE"],
    drops: ["CMD-LS", "call_1", "REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "kimi-k2",
    name: "injects a default system prompt",
    body: { messages: [user("Q")] },
    keeps: ["Q"],
  },
  {
    preset: "kimi-k2.5",
    name: "heads tool results with the call id and keeps loop reasoning",
    body: { messages: afterTool, tools: TOOLS },
    keeps: ["call_1", "CMD-LS", "REASON-CALL", "TOOL-OUT"],
    generationEnds: "<think>",
  },
  {
    preset: "kimi-k2.5",
    name: "drops reasoning before the last plain answer",
    body: { messages: loop, tools: TOOLS },
    drops: ["REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "kimi-k2.5",
    name: "renders late system and developer messages in place",
    body: { messages: [...lateSystem, developer("DEV-RULES")], chat_template_kwargs: { thinking: false } },
    keeps: ["SYS-LATE", "DEV-RULES"],
    generationEnds: "<think></think>",
  },
  // Mistral
  {
    preset: "mistral",
    name: "renders a tool loop with nine-character ids, dropping reasoning",
    body: {
      messages: JSON.parse(JSON.stringify(loop).replaceAll('"call_1"', '"call00000"')),
      tools: TOOLS,
    },
    keeps: loopTexts,
    drops: ["REASON-CALL", "REASON-DONE"],
  },
  {
    preset: "mistral",
    name: "raises on a call id that is not nine letters and digits",
    body: { messages: afterTool, tools: TOOLS },
    raises: "Tool call id was call_1 but must be a-z, A-Z, 0-9, with a length of 9.",
  },
  {
    preset: "mistral",
    name: "renders late system messages in place",
    body: { messages: lateSystem },
    keeps: ["SYS-FIRST", "SYS-LATE", "USER-NEXT"],
  },
  {
    preset: "mistral",
    name: "raises on a developer message",
    body: { messages: withDeveloper },
    raises: "Only user, assistant, tool, and system roles are supported, got developer.",
  },
  {
    preset: "mistral",
    name: "raises on a user turn right after tool results",
    body: {
      messages: [
        user("USER-ASK"),
        assistant(null, { tool_calls: [call("call00000", "CMD-LS")] }),
        toolResult("call00000", "TOOL-OUT"),
        user("REMINDER"),
      ],
    },
    raises: "Unexpected role 'user' after role 'tool'",
  },
  {
    preset: "mistral",
    name: "keeps an assistant turn's text beside its calls",
    body: {
      messages: [
        user("USER-ASK"),
        assistant("TEXT-BESIDE", { tool_calls: [call("call00000", "CMD-LS")] }),
        toolResult("call00000", "TOOL-OUT"),
      ],
    },
    keeps: ["TEXT-BESIDE", "CMD-LS", "TOOL-OUT"],
  },
];
