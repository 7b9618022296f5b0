import { describe, expect, it } from "vitest";
import { createDemoUpstream } from "../../src/demo/create-demo-upstream";
import { mapUpstreamHttpError } from "../../src/upstream/map-upstream-error";
import { readUpstreamText } from "../../src/upstream/read-upstream-text";
import { UpstreamAbortError } from "../../src/upstream/upstream-abort-error";
import { claudeCodeSchemas, claudeCodeTools } from "./claude-code-tools";
import { schemaProblems } from "./fits-schema";
import { parseQwenXmlCalls, typedArguments } from "./qwen-xml-call";
import { runDemo, sseData } from "./read-demo-stream";

const demo = createDemoUpstream({ tokenDelayMs: 0, seed: 7 });
const user = (content: string) => ({ role: "user", content });

function chatRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "qwen3.5",
    messages: [user("What is the capital of France?")],
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: 4096,
    ...overrides,
  };
}

describe("demo upstream: the wire format", () => {
  it("streams valid SSE chat.completion.chunk events, a usage chunk, then [DONE]", async () => {
    const run = await runDemo(demo, chatRequest());
    expect(run.status).toBe(200);
    expect(run.endedWithDone).toBe(true);
    const ids = new Set(run.chunks.map((chunk) => chunk.id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^chatcmpl-[0-9a-f]{16}$/);
    for (const chunk of run.chunks) {
      expect(chunk).toMatchObject({ object: "chat.completion.chunk", model: "qwen3.5" });
    }
    expect(run.chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "" });

    const usageChunk = run.chunks[run.chunks.length - 1];
    expect(usageChunk?.choices).toEqual([]);
    expect(usageChunk?.usage?.completion_tokens).toBe(run.contentChunks.length);
    expect(usageChunk?.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(usageChunk?.usage?.total_tokens).toBe(
      (usageChunk?.usage?.prompt_tokens ?? 0) + (usageChunk?.usage?.completion_tokens ?? 0),
    );
    // One short word-piece per chunk, the way a model server streams tokens.
    expect(run.contentChunks.length).toBeGreaterThan(10);
    for (const piece of run.contentChunks) expect(piece.length).toBeLessThanOrEqual(12);
  });

  it("answers with content-type text/event-stream", async () => {
    const response = await demo.send({ body: chatRequest(), signal: new AbortController().signal });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await response.body[Symbol.asyncIterator]().return?.();
  });

  it("sends the usage chunk only when stream_options.include_usage asks for it", async () => {
    const { stream_options: _, ...withoutUsage } = chatRequest();
    const run = await runDemo(demo, withoutUsage);
    expect(run.usage).toBeUndefined();
    expect(run.chunks.every((chunk) => chunk.choices.length === 1)).toBe(true);
    expect(run.endedWithDone).toBe(true);
  });

  it("answers a request without messages with a vLLM-style 400", async () => {
    const response = await demo.send({ body: { model: "qwen3.5" }, signal: new AbortController().signal });
    expect(response.status).toBe(400);
    const mapped = mapUpstreamHttpError(400, await readUpstreamText(response.body), response.headers);
    expect(mapped).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(mapped.message).toContain("messages");
  });
});

describe("demo upstream: what it says", () => {
  it("thinks first when enable_thinking is on: reasoning about the user's message, closed by </think> only", async () => {
    const run = await runDemo(demo, chatRequest({ chat_template_kwargs: { enable_thinking: true } }));
    expect(run.content).not.toContain("<think>");
    const [reasoning, answer, ...more] = run.content.split("</think>");
    expect(more).toEqual([]);
    expect(reasoning).toContain("capital of France");
    expect(answer?.trim().length).toBeGreaterThan(0);
    expect(run.contentChunks).toContain("</think>");
    expect(run.finishReason).toBe("stop");
  });

  it("answers plain text without any reasoning markup when thinking is off", async () => {
    for (const kwargs of [undefined, { enable_thinking: false }]) {
      const run = await runDemo(
        demo,
        chatRequest(kwargs === undefined ? {} : { chat_template_kwargs: kwargs }),
      );
      expect(run.content).not.toMatch(/<\/?think>|<tool_call>/);
      expect(run.content).toContain("capital of France");
      expect(run.finishReason).toBe("stop");
    }
  });

  it("never quotes markup from the user's message as markup", async () => {
    const run = await runDemo(
      demo,
      chatRequest({
        messages: [user("explain </think> and <tool_call> tags")],
        chat_template_kwargs: { enable_thinking: true },
      }),
    );
    expect(run.content.split("</think>")).toHaveLength(2);
    expect(run.content).not.toContain("<tool_call>");
  });

  it.each([
    // Only an echo, never `ls -la` or anything else that does more than print.
    ["Bash", (args: Record<string, unknown>) => expect(args.command).toMatch(/^echo '[^']*'$/)],
    // The request states no working directory: a relative path of the demo's own, never /tmp.
    ["Read", (args: Record<string, unknown>) => expect(args.file_path).toBe("sluice-demo.txt")],
    [
      "Edit",
      (args: Record<string, unknown>) => {
        expect(args.file_path).toBe("sluice-demo.txt");
        expect(args.old_string).not.toBe(args.new_string);
      },
    ],
    [
      "TodoWrite",
      (args: Record<string, unknown>) =>
        expect(args.todos).toEqual([expect.objectContaining({ status: "pending" })]),
    ],
    ["ScheduleMeeting", (args: Record<string, unknown>) => expect(args.attendees).toHaveLength(2)],
  ])(
    "calls %s in qwen_xml with arguments that fit its schema, and finishes `stop` like a raw server",
    async (name, check) => {
      for (const thinking of [true, false]) {
        const run = await runDemo(
          demo,
          chatRequest({
            tools: claudeCodeTools,
            tool_choice: { type: "function", function: { name } },
            chat_template_kwargs: { enable_thinking: thinking },
          }),
        );
        const calls = parseQwenXmlCalls(run.content);
        expect(calls).toHaveLength(1);
        expect(calls[0]?.name).toBe(name);
        const schema = claudeCodeSchemas.get(name)!.parameters;
        const args = typedArguments(calls[0]!, schema);
        expect(schemaProblems(args, schema)).toEqual([]);
        check(args);
        // The tags arrive cut into pieces, as a tokenizer cuts them; <tool_call> is one added token.
        expect(run.contentChunks).toContain("<tool_call>");
        expect(
          run.contentChunks.some((piece) => piece.includes("<function=") || piece.includes("</parameter>")),
        ).toBe(false);
        expect(run.content.trimEnd().endsWith("</tool_call>")).toBe(true);
        expect(run.finishReason).toBe("stop");
      }
    },
  );

  it("picks the offered tool the user's message names, else a harmless echo, else none", async () => {
    const cases: Array<[string, string[]]> = [
      ["Run a shell command that prints the date", ["Bash"]],
      // A todo list is the client's own: not the demo's pick unless the user names the tool.
      ["Update my todo list", ["Bash"]],
      ["Update my todo list with TodoWrite", ["TodoWrite"]],
      ["Book a meeting room for us", ["ScheduleMeeting"]],
      // Outside any working directory the request states: never read, a harmless echo instead.
      ["Please read the file /etc/hosts", ["Bash"]],
      // Small talk: text only.
      ["Hello there", []],
    ];
    for (const [message, expected] of cases) {
      const run = await runDemo(demo, chatRequest({ messages: [user(message)], tools: claudeCodeTools }));
      expect(
        parseQwenXmlCalls(run.content).map((call) => call.name),
        message,
      ).toEqual(expected);
    }
  });

  it("answers with text only for tool_choice none", async () => {
    const run = await runDemo(demo, chatRequest({ tools: claudeCodeTools, tool_choice: "none" }));
    expect(run.content).not.toContain("<tool_call>");
  });

  it("answers a tool result with text only, quoting it, and finishes `stop`", async () => {
    const run = await runDemo(
      demo,
      chatRequest({
        tools: claudeCodeTools,
        chat_template_kwargs: { enable_thinking: true },
        messages: [
          user("List the files here"),
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "call_1", type: "function", function: { name: "Bash", arguments: '{"command":"ls"}' } },
            ],
          },
          { role: "tool", tool_call_id: "call_1", content: "README.md package.json src" },
        ],
      }),
    );
    expect(run.content).not.toContain("<tool_call>");
    const answer = run.content.split("</think>")[1] ?? "";
    expect(answer).toContain('The tool returned "README.md package.json src"');
    expect(run.finishReason).toBe("stop");
  });

  it("quotes what Codex's exec_command printed, not the lines Codex puts before it", async () => {
    const run = await runDemo(
      demo,
      chatRequest({
        messages: [
          user("List the files in this directory"),
          {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: { name: "exec_command", arguments: '{"cmd":"ls"}' },
              },
            ],
          },
          {
            role: "tool",
            tool_call_id: "call_1",
            content:
              "Chunk ID: 4a7fda\nWall time: 0.0001 seconds\nProcess exited with code 0\nOriginal token count: 4\nOutput:\nREADME.md\nsrc\n",
          },
        ],
      }),
    );
    expect(run.content).toContain('The tool returned "README.md src"');
    expect(run.content).not.toMatch(/Chunk ID|Wall time/);
  });

  it("stops at max_tokens with finish_reason length, counting chunks as tokens", async () => {
    const run = await runDemo(demo, chatRequest({ max_tokens: 5, tools: claudeCodeTools }));
    expect(run.contentChunks).toHaveLength(5);
    expect(run.finishReason).toBe("length");
    expect(run.usage?.completion_tokens).toBe(5);
    // vLLM puts the `length` finish on the last token's own chunk.
    const lastChoice = run.chunks.filter((chunk) => chunk.choices.length > 0).at(-1)?.choices[0];
    expect(lastChoice).toMatchObject({ finish_reason: "length" });
    expect(lastChoice?.delta.content).toBe(run.contentChunks[4]);
  });

  it("honours max_completion_tokens too", async () => {
    const run = await runDemo(demo, chatRequest({ max_tokens: undefined, max_completion_tokens: 3 }));
    expect(run.contentChunks).toHaveLength(3);
    expect(run.finishReason).toBe("length");
  });

  it("is deterministic for a seed, and the seed matters", async () => {
    const request = chatRequest({ tools: claudeCodeTools, chat_template_kwargs: { enable_thinking: true } });
    const first = await runDemo(createDemoUpstream({ tokenDelayMs: 0, seed: 3 }), request);
    const again = await runDemo(createDemoUpstream({ tokenDelayMs: 0, seed: 3 }), request);
    expect(again.contentChunks).toEqual(first.contentChunks);
    const others = await Promise.all(
      [4, 5, 6, 7].map((seed) => runDemo(createDemoUpstream({ tokenDelayMs: 0, seed }), request)),
    );
    expect(new Set(others.map((run) => run.contentChunks.join("|"))).size).toBeGreaterThan(1);
  });
});

describe("demo upstream: abort", () => {
  it("stops producing at once when the signal aborts mid-stream", async () => {
    const client = new AbortController();
    const response = await demo.send({ body: chatRequest(), signal: client.signal });
    const iterator = response.body[Symbol.asyncIterator]();
    const received: Uint8Array[] = [];
    for (let index = 0; index < 3; index++) {
      const result = await iterator.next();
      if (result.done !== true) received.push(result.value);
    }
    expect(sseData(received)).toHaveLength(3);
    client.abort();
    await expect(iterator.next()).rejects.toBeInstanceOf(UpstreamAbortError);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it("wakes from the pause between tokens when the signal aborts", async () => {
    // A minute a token: the test only finishes because the abort cuts the pause short.
    const slow = createDemoUpstream({ tokenDelayMs: 60_000 });
    const client = new AbortController();
    const response = await slow.send({ body: chatRequest(), signal: client.signal });
    const pending = response.body[Symbol.asyncIterator]().next();
    client.abort();
    await expect(pending).rejects.toBeInstanceOf(UpstreamAbortError);
  });

  it("refuses a request whose client has already gone", async () => {
    const client = new AbortController();
    client.abort();
    await expect(demo.send({ body: chatRequest(), signal: client.signal })).rejects.toBeInstanceOf(
      UpstreamAbortError,
    );
  });
});

describe("demo upstream: tokenize", () => {
  it("estimates, growing with the request", async () => {
    const signal = new AbortController().signal;
    const small = await demo.tokenize?.(chatRequest(), signal);
    const large = await demo.tokenize?.(chatRequest({ tools: claudeCodeTools }), signal);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(small ?? 0);
  });
});
