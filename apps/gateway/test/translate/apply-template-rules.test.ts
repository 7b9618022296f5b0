import type { ChatMessage } from "@sluice/upstream-chat";
import { describe, expect, it } from "vitest";
import { applyTemplateRules } from "../../src/translate/apply-template-rules";

const leading = { systemMessages: "leading" } as const;
const wrapped = (text: string) => `<system-reminder>\n${text}\n</system-reminder>`;
const call = {
  id: "toolu_1",
  type: "function",
  function: { name: "Bash", arguments: '{"command":"ls"}' },
} as const;

const apply = (messages: unknown[], rules = leading) => applyTemplateRules(messages as ChatMessage[], rules);

describe("applyTemplateRules: one leading system message", () => {
  it("puts a system entry after the first user turn into that turn (Claude Code's # Environment)", () => {
    expect(
      apply([
        { role: "system", content: "You are Claude Code." },
        { role: "user", content: "Read a.txt" },
        { role: "system", content: "# Environment\ncwd: /tmp" },
        { role: "assistant", content: "Reading.", tool_calls: [call] },
        { role: "tool", tool_call_id: "toolu_1", content: "hello" },
        { role: "system", content: "PostToolUse hook: ok" },
      ]),
    ).toEqual([
      { role: "system", content: "You are Claude Code." },
      { role: "user", content: `Read a.txt\n\n${wrapped("# Environment\ncwd: /tmp")}` },
      { role: "assistant", content: "Reading.", tool_calls: [call] },
      // A tool result takes it too: a user message of its own would end the loop in Qwen's template.
      { role: "tool", tool_call_id: "toolu_1", content: `hello\n\n${wrapped("PostToolUse hook: ok")}` },
    ]);
  });

  it("joins leading system and developer messages into one, by a blank line (Codex's two developer messages)", () => {
    expect(
      apply([
        { role: "system", content: "instructions" },
        { role: "developer", content: "permissions" },
        {
          role: "developer",
          content: [
            { type: "text", text: "skills" },
            { type: "text", text: "more" },
          ],
        },
        { role: "user", content: "hi" },
      ]),
    ).toEqual([
      { role: "system", content: "instructions\n\npermissions\n\nskills\nmore" },
      { role: "user", content: "hi" },
    ]);
  });

  it("puts a late developer message into the user message before it", () => {
    expect(
      apply([
        { role: "user", content: "hi" },
        { role: "developer", content: "be brief" },
      ]),
    ).toEqual([{ role: "user", content: `hi\n\n${wrapped("be brief")}` }]);
  });

  it("puts one that follows an assistant turn before the next user message or tool result", () => {
    expect(
      apply([
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [call] },
        { role: "system", content: "first" },
        { role: "system", content: "second" },
        { role: "tool", tool_call_id: "toolu_1", content: "ok" },
        { role: "assistant", content: "done" },
        { role: "developer", content: "later" },
        { role: "user", content: "next" },
      ]),
    ).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [call] },
      { role: "tool", tool_call_id: "toolu_1", content: `${wrapped("first")}\n\n${wrapped("second")}\n\nok` },
      { role: "assistant", content: "done" },
      { role: "user", content: `${wrapped("later")}\n\nnext` },
    ]);
  });

  it("sends one with no user message or tool result beside it as a user message of its own", () => {
    expect(
      apply([
        { role: "user", content: "go" },
        { role: "assistant", content: "a" },
        { role: "system", content: "between" },
        { role: "assistant", content: "b" },
        { role: "system", content: "last" },
      ]),
    ).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: "a" },
      { role: "user", content: wrapped("between") },
      { role: "assistant", content: "b" },
      { role: "user", content: wrapped("last") },
    ]);
  });

  it("keeps a list content's parts, the context joining its last text part", () => {
    const image = { type: "image_url", image_url: { url: "data:image/png;base64,AA" } };
    expect(
      apply([
        { role: "user", content: [image, { type: "text", text: "What is it?" }] },
        { role: "system", content: [{ type: "text", text: "ctx" }] },
        { role: "assistant", content: "A cat." },
        { role: "user", content: [{ type: "text", text: "More?" }, image] },
        { role: "system", content: "ctx2" },
      ]),
    ).toEqual([
      { role: "user", content: [image, { type: "text", text: `What is it?\n\n${wrapped("ctx")}` }] },
      { role: "assistant", content: "A cat." },
      {
        role: "user",
        content: [{ type: "text", text: "More?" }, image, { type: "text", text: `\n\n${wrapped("ctx2")}` }],
      },
    ]);
  });

  it("drops empty system messages and returns the same list when there is nothing to change", () => {
    expect(
      apply([
        { role: "system", content: "" },
        { role: "system", content: "s" },
        { role: "user", content: "hi" },
        { role: "system", content: "" },
      ]),
    ).toEqual([
      { role: "system", content: "s" },
      { role: "user", content: "hi" },
    ]);
    const messages = [
      { role: "system", content: "s" },
      { role: "user", content: "hi" },
    ];
    expect(apply(messages)).toBe(messages);
  });

  it("gives every request of a growing conversation the previous one's messages as its start (prefix cache)", () => {
    // Each request adds the model's answer and what the client sends after it (a batch ending in user or tool).
    const requests: unknown[][] = [
      [
        { role: "system", content: "sys" },
        { role: "user", content: "task" },
        { role: "system", content: "# Environment" },
      ],
      [
        { role: "assistant", content: "a", tool_calls: [call] },
        { role: "tool", tool_call_id: "toolu_1", content: "r1" },
        { role: "system", content: "hook" },
      ],
      [
        { role: "assistant", content: "b" },
        { role: "system", content: "reminder" },
        { role: "user", content: "next" },
      ],
      [
        { role: "assistant", content: "c" },
        { role: "user", content: "more" },
      ],
    ];
    let conversation: unknown[] = [];
    let previous: readonly ChatMessage[] = [];
    for (const batch of requests) {
      conversation = [...conversation, ...batch];
      const current = apply(conversation);
      expect(current.slice(0, previous.length)).toEqual(previous);
      previous = current;
    }
  });
});

describe("applyTemplateRules: templates that take system messages anywhere", () => {
  it("passes the messages on untouched", () => {
    const messages = [
      { role: "user", content: "hi" },
      { role: "system", content: "late" },
    ];
    expect(apply(messages, { systemMessages: "anywhere" } as never)).toBe(messages);
    expect(applyTemplateRules(messages as ChatMessage[], undefined)).toBe(messages);
  });
});

describe("applyTemplateRules: user and assistant turns in turn (Mistral)", () => {
  const mistral = { systemMessages: "leading", turns: "alternating" } as const;
  const run = (messages: unknown[]) => applyTemplateRules(messages as ChatMessage[], mistral);

  it("joins the text Claude Code puts beside its tool results to the last result", () => {
    expect(
      run([
        { role: "user", content: "ask" },
        { role: "assistant", content: null, tool_calls: [call] },
        { role: "tool", tool_call_id: "toolu_1", content: "out" },
        { role: "user", content: [{ type: "text", text: "reminder" }] },
      ]),
    ).toEqual([
      { role: "user", content: "ask" },
      { role: "assistant", content: null, tool_calls: [call] },
      { role: "tool", tool_call_id: "toolu_1", content: "out\n\nreminder" },
    ]);
  });

  it("joins two user messages in a row, parts kept in order", () => {
    const image = { type: "image_url", image_url: { url: "data:image/png;base64,AA==" } };
    expect(
      run([
        { role: "user", content: "one" },
        { role: "user", content: [image] },
      ]),
    ).toEqual([{ role: "user", content: [{ type: "text", text: "one" }, image] }]);
    expect(
      run([
        { role: "user", content: "one" },
        { role: "user", content: "two" },
      ]),
    ).toEqual([{ role: "user", content: "one\n\ntwo" }]);
  });

  it("makes a late system message after an answer the next user turn", () => {
    expect(
      run([
        { role: "user", content: "ask" },
        { role: "assistant", content: "answer" },
        { role: "system", content: "late" },
      ]),
    ).toEqual([
      { role: "user", content: "ask" },
      { role: "assistant", content: "answer" },
      { role: "user", content: wrapped("late") },
    ]);
  });

  it("keeps a user message with images after tool results on its own (a result renders text only)", () => {
    const image = { type: "image_url", image_url: { url: "data:image/png;base64,AA==" } };
    const messages = [
      { role: "user", content: "ask" },
      { role: "assistant", content: null, tool_calls: [call] },
      { role: "tool", tool_call_id: "toolu_1", content: "out" },
      { role: "user", content: [image] },
    ];
    expect(run(messages)).toBe(messages);
  });

  it("returns the same list when the turns already alternate", () => {
    const messages = [
      { role: "system", content: "sys" },
      { role: "user", content: "ask" },
      { role: "assistant", content: "answer" },
      { role: "user", content: "next" },
    ];
    expect(run(messages)).toBe(messages);
  });
});

describe("applyTemplateRules: tool results named after their calls (Kimi K3)", () => {
  const named = { toolResultNames: "from-call" } as const;
  const read = { id: "toolu_2", type: "function", function: { name: "Read", arguments: "{}" } } as const;

  it("gives each tool result the name of the call with its tool_call_id, across turns and out of order", () => {
    expect(
      applyTemplateRules(
        [
          { role: "user", content: "go" },
          { role: "assistant", content: "", tool_calls: [call] },
          { role: "tool", tool_call_id: "toolu_1", content: "a" },
          { role: "assistant", content: "", tool_calls: [read] },
          { role: "tool", tool_call_id: "toolu_1", content: "late" },
          { role: "tool", tool_call_id: "toolu_2", content: "b" },
        ] as unknown as ChatMessage[],
        named,
      ),
    ).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: "", tool_calls: [call] },
      { role: "tool", tool_call_id: "toolu_1", content: "a", name: "Bash" },
      { role: "assistant", content: "", tool_calls: [read] },
      { role: "tool", tool_call_id: "toolu_1", content: "late", name: "Bash" },
      { role: "tool", tool_call_id: "toolu_2", content: "b", name: "Read" },
    ]);
  });

  it("keeps a name the client sent and leaves a result that answers no call as it is", () => {
    const messages = [
      { role: "assistant", content: "", tool_calls: [call] },
      { role: "tool", tool_call_id: "toolu_1", content: "a", name: "Mine" },
      { role: "tool", tool_call_id: "toolu_9", content: "b" },
    ] as unknown as ChatMessage[];
    expect(applyTemplateRules(messages, named)).toBe(messages);
  });
});

describe("applyTemplateRules: gpt-oss's call turns and past reasoning (preset gpt-oss)", () => {
  const gptOss = {
    textBesideCalls: "in-reasoning",
    reasoningFields: ["reasoning", "reasoning_content"],
  } as const;

  it("puts a call turn's text after its reasoning, where the template raises on both", () => {
    expect(
      applyTemplateRules(
        [
          { role: "assistant", content: "Listing.", reasoning: "Look first.", tool_calls: [call] },
        ] as ChatMessage[],
        gptOss,
      ),
    ).toEqual([
      {
        role: "assistant",
        content: null,
        reasoning: "Look first.\n\nListing.",
        reasoning_content: "Look first.\n\nListing.",
        tool_calls: [call],
      },
    ]);
  });

  it("leaves a call turn without reasoning, and a turn without calls, their text", () => {
    const messages = [
      { role: "assistant", content: "Listing.", tool_calls: [call] },
      { role: "tool", tool_call_id: "toolu_1", content: "a.txt" },
      { role: "assistant", content: "Done.", reasoning_content: "All read." },
    ];
    expect(applyTemplateRules(messages as ChatMessage[], gptOss)).toEqual([
      messages[0],
      messages[1],
      { role: "assistant", content: "Done.", reasoning: "All read.", reasoning_content: "All read." },
    ]);
  });
});

describe("applyTemplateRules: one call per turn (preset gpt-oss)", () => {
  const second = { ...call, id: "toolu_2", function: { name: "Read", arguments: '{"file_path":"a.txt"}' } };

  it("sends a turn with two calls as two turns, each followed by its own result", () => {
    const messages = [
      { role: "user", content: "Look." },
      { role: "assistant", content: null, reasoning: "Both.", tool_calls: [call, second] },
      { role: "tool", tool_call_id: "toolu_2", content: "hello" },
      { role: "tool", tool_call_id: "toolu_1", content: "a.txt" },
      { role: "user", content: "Thanks." },
    ];
    expect(applyTemplateRules(messages as ChatMessage[], { callsPerTurn: "one" })).toEqual([
      messages[0],
      { role: "assistant", content: null, reasoning: "Both.", tool_calls: [call] },
      messages[3],
      { role: "assistant", content: null, tool_calls: [second] },
      messages[2],
      messages[4],
    ]);
  });

  it("returns the same list when no turn has more than one call", () => {
    const messages = [{ role: "assistant", content: null, tool_calls: [call] }] as ChatMessage[];
    expect(applyTemplateRules(messages, { callsPerTurn: "one" })).toBe(messages);
  });
});

describe("applyTemplateRules: tool results as the calling turn's tool_responses (Gemma 4)", () => {
  const gemma = {
    systemMessages: "leading",
    textBesideCalls: "own-turn",
    toolResults: "tool_responses",
  } as const;
  const second = {
    id: "toolu_2",
    type: "function",
    function: { name: "Read", arguments: '{"path":"a"}' },
  } as const;

  it("puts the results on the turn that made the calls, named after the call each answers, its text first", () => {
    expect(
      apply(
        [
          { role: "system", content: "SYS" },
          { role: "user", content: "Look." },
          { role: "assistant", content: "Looking.", tool_calls: [call, second] },
          // Answered out of order: each result names the call whose id it carries.
          { role: "tool", tool_call_id: "toolu_2", content: [{ type: "text", text: "A" }] },
          { role: "tool", tool_call_id: "toolu_1", content: "file.txt" },
          { role: "system", content: "hook ran" },
          { role: "assistant", content: "Done." },
        ],
        gemma,
      ),
    ).toEqual([
      { role: "system", content: "SYS" },
      { role: "user", content: "Look." },
      { role: "assistant", content: "Looking." },
      {
        role: "assistant",
        content: null,
        tool_calls: [call, second],
        tool_responses: [
          { name: "Read", response: "A" },
          // A later system message went into the result beside it first, as for every leading-system family.
          { name: "Bash", response: `file.txt\n\n${wrapped("hook ran")}` },
        ],
      },
      { role: "assistant", content: "Done." },
    ]);
  });

  it("leaves a tool message that follows no call as it is, and calls with no results as they are", () => {
    const messages = [
      { role: "user", content: "Q" },
      { role: "tool", tool_call_id: "x", content: "orphan" },
      { role: "assistant", content: null, tool_calls: [call] },
    ];
    expect(apply(messages, gemma)).toEqual(messages);
  });

  it("names a result whose id matches no call after the call in its place", () => {
    const shaped = apply(
      [
        { role: "assistant", content: null, tool_calls: [call] },
        { role: "tool", tool_call_id: "other", content: "out" },
      ],
      gemma,
    ) as readonly { tool_responses?: unknown }[];
    expect(shaped).toHaveLength(1);
    expect(shaped[0]?.tool_responses).toEqual([{ name: "Bash", response: "out" }]);
  });
});
