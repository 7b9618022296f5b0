import OpenAI, { type APIError } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawStream } from "../server/chat-chunks";
import { type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";

/**
 * docs/http-api.md §6: `POST /v1/responses` as Codex CLI uses it (docs/protocol.md D2): a raw Qwen3.5
 * model calls `exec_command`, the next request carries the call, its output and the reasoning item back.
 */

/** A raw server: `content` only, four characters a chunk. */
const raw = (content: string) => rawStream(content, { usage: { prompt: 300, completion: 40 } });

const CALL_TURN =
  "The user wants echo run.\n</think>\n\nRunning it.\n\n<tool_call>\n<function=exec_command>\n<parameter=cmd>\necho hi\n</parameter>\n</function>\n</tool_call>";
const ANSWER_TURN = "It printed hi.\n</think>\n\nThe command printed `hi`.";

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const messages = (request.body.messages ?? []) as { role: string }[];
    return {
      payloads: raw(messages.some((message) => message.role === "tool") ? ANSWER_TURN : CALL_TURN),
    };
  });
  gateway = await startTestGateway(
    `server:\n  api_keys: [client-key]\nmodels:\n${modelYaml("qwen3.5", upstream.baseUrl, {
      model: { preset: "qwen3.5" },
    })}\n`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const client = () => new OpenAI({ apiKey: "client-key", baseURL: `${gateway.origin}/v1`, maxRetries: 0 });

const execCommand = {
  type: "function" as const,
  name: "exec_command",
  description: "Runs a command",
  strict: false,
  parameters: { type: "object", properties: { cmd: { type: "string" } }, required: ["cmd"] },
};

describe("POST /v1/responses: Codex's tool loop", () => {
  it("streams reasoning, a message and a function_call, and takes them back on the next turn", async () => {
    const first = await client()
      .responses.stream({
        model: "qwen3.5",
        instructions: "You are a coding agent.",
        input: [
          { type: "message", role: "developer", content: [{ type: "input_text", text: "Sandbox: none." }] },
          { type: "message", role: "user", content: [{ type: "input_text", text: "Run echo hi." }] },
        ],
        tools: [execCommand, { type: "web_search" } as never],
        tool_choice: "auto",
        parallel_tool_calls: true,
        reasoning: { summary: "auto" },
        store: false,
        include: ["reasoning.encrypted_content"],
      })
      .finalResponse();
    expect(first.status).toBe("completed");
    expect(first.output.map((item) => item.type)).toEqual(["reasoning", "message", "function_call"]);
    const [reasoning, , call] = first.output;
    if (reasoning?.type !== "reasoning" || call?.type !== "function_call")
      throw new Error("unexpected output");
    expect(call).toMatchObject({ name: "exec_command", call_id: expect.stringMatching(/^call_/) });
    expect(JSON.parse(call.arguments)).toEqual({ cmd: "echo hi" });
    expect(first.output_text).toBe("Running it.");
    expect(first.usage).toMatchObject({ input_tokens: 300, output_tokens: 40, total_tokens: 340 });

    const firstUpstream = upstream.requests.at(-1)?.body;
    expect(firstUpstream).toMatchObject({
      model: "qwen3.5",
      stream: true,
      messages: [
        { role: "system", content: expect.stringContaining("You are a coding agent.") },
        { role: "user" },
      ],
      tools: [{ type: "function", function: { name: "exec_command" } }],
      chat_template_kwargs: { enable_thinking: true },
    });
    expect(firstUpstream?.tools).toHaveLength(1);

    // Codex's next turn: everything again, plus the items it got and the command's output.
    const second = await client().responses.create({
      model: "qwen3.5",
      instructions: "You are a coding agent.",
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "Run echo hi." }] },
        reasoning as OpenAI.Responses.ResponseInputItem,
        { type: "function_call", call_id: call.call_id, name: call.name, arguments: call.arguments },
        { type: "function_call_output", call_id: call.call_id, output: "hi\n" },
      ],
      tools: [execCommand],
      store: false,
    });
    expect(second.output_text).toBe("The command printed `hi`.");
    const messages = upstream.requests.at(-1)?.body.messages as Record<string, unknown>[];
    expect(messages.slice(1)).toEqual([
      { role: "user", content: "Run echo hi." },
      {
        role: "assistant",
        content: null,
        reasoning: "The user wants echo run.",
        tool_calls: [
          {
            id: call.call_id,
            type: "function",
            function: { name: "exec_command", arguments: call.arguments },
          },
        ],
      },
      { role: "tool", tool_call_id: call.call_id, content: "hi\n" },
    ]);
  });

  it("writes an event: line equal to data.type, with sequence numbers from 0", async () => {
    const response = await post(
      gateway.origin,
      "/v1/responses",
      { model: "qwen3.5", input: "Run echo hi.", tools: [execCommand], stream: true },
      { authorization: "Bearer client-key" },
    );
    const frames = (await response.text()).split("\n\n").filter((frame) => frame.startsWith("event: "));
    const events = frames.map((frame) => {
      const [eventLine, dataLine] = frame.split("\n");
      const data = JSON.parse((dataLine ?? "").slice("data: ".length)) as {
        type: string;
        sequence_number: number;
      };
      expect(eventLine).toBe(`event: ${data.type}`);
      return data;
    });
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(events[0]?.type).toBe("response.created");
    expect(events.at(-1)?.type).toBe("response.completed");
  });

  it("refuses previous_response_id with a clear 400: the gateway keeps no state", async () => {
    const error = await client()
      .responses.create({ model: "qwen3.5", input: "Hi", previous_response_id: "resp_1" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as APIError).message).toContain("previous_response_id");
  });
});
