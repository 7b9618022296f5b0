import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatChunk, usageChunk } from "./chat-chunks";
import { type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { modelYaml, startTestGateway, type TestGateway } from "./test-gateway";

/**
 * docs/dialects.md §2 "Structured upstream tool calls": a parsing server's `delta.tool_calls` reach the client
 * as they arrive, on every surface, through the official SDKs.
 */

const writeTool = {
  type: "object" as const,
  properties: { file_path: { type: "string" }, content: { type: "string" } },
  required: ["file_path", "content"],
};
const toolCall = (index: number, fields: { id?: string; name?: string; arguments: string }) =>
  chatChunk({
    tool_calls: [
      {
        index,
        ...(fields.id === undefined ? {} : { id: fields.id, type: "function" }),
        function: {
          ...(fields.name === undefined ? {} : { name: fields.name }),
          arguments: fields.arguments,
        },
      },
    ],
  });

/** A Write call whose arguments come in `pieces`, then the finish, usage and `[DONE]`. */
function writeCall(pieces: readonly string[]): string[] {
  return [
    chatChunk({ role: "assistant", content: "" }),
    toolCall(0, { id: "call_live1", name: "Write", arguments: "" }),
    ...pieces.map((piece) => toolCall(0, { arguments: piece })),
    chatChunk({}, "tool_calls"),
    usageChunk(),
    "[DONE]",
  ];
}

const LIVE_ARGUMENTS = ['{"file_path": "/tmp/live.md", ', '"content": "# Live\\n', "streamed", ' file"}'];

/** The gate of the request in flight (one at a time here): opened when its client saw the first argument delta. */
let release: (() => void) | undefined;
let upstream: ScriptedUpstream;
let gateway: TestGateway;

// 1 MiB of arguments, one character a fragment.
const bigContent = "Line of a large file, written by the model.\n".repeat(24_000).slice(0, 1024 * 1024);
const bigArguments = JSON.stringify({ file_path: "/tmp/big.txt", content: bigContent });

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const model = String(request.body.model);
    if (model === "big") {
      // One character of arguments a fragment, the events written 64 KiB at a time (as a busy socket reads).
      const events = (from: number, to: number) => {
        let text = "";
        for (let at = from; at < to; at++)
          text += `data: ${toolCall(0, { arguments: bigArguments[at] as string })}\n\n`;
        return text;
      };
      const perWrite = 400;
      const writes = Math.ceil(bigArguments.length / perWrite);
      return {
        endlessRaw: true,
        endless: (index) => {
          if (index === 0)
            return `data: ${chatChunk({ role: "assistant", content: "" })}\n\ndata: ${toolCall(0, { id: "call_big", name: "Write", arguments: "" })}\n\n`;
          if (index <= writes)
            return events((index - 1) * perWrite, Math.min(index * perWrite, bigArguments.length));
          if (index === writes + 1)
            return `data: ${chatChunk({}, "tool_calls")}\n\ndata: ${usageChunk()}\n\ndata: [DONE]\n\n`;
          return undefined;
        },
      };
    }
    const payloads = writeCall(LIVE_ARGUMENTS);
    // The last argument fragment waits until the test has seen the first delta arrive at its client.
    const last = payloads.length - 4;
    const opened = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { payloads, holdBefore: (index) => (index === last ? opened : undefined) };
  });
  gateway = await startTestGateway(
    `server:\n  api_keys: [client-key]\nmodels:\n${modelYaml("parsing", upstream.baseUrl, {
      model: { aliases: '["claude-*"]' },
    })}${modelYaml("big", upstream.baseUrl)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

function openGate(): void {
  if (release === undefined) throw new Error("no request waits at the gate");
  release();
  release = undefined;
}

// A million upstream SSE events (150 MB) through the gateway and an SDK: seconds alone, over a minute on a
// 2-core machine busy with the rest of the suite. The bound only guards against a hang.
const A_MILLION_EVENTS_MS = 300_000;

describe("structured tool calls stream live through the gateway", () => {
  it("Anthropic Messages: the first input_json_delta reaches the client before the upstream's last fragment", async () => {
    const client = new Anthropic({ apiKey: "client-key", baseURL: gateway.origin, maxRetries: 0 });
    const stream = client.messages.stream({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      tools: [{ name: "Write", input_schema: writeTool }],
      messages: [{ role: "user", content: "Write the file." }],
    });
    let firstDelta: string | undefined;
    stream.on("streamEvent", (event) => {
      if (event.type === "content_block_delta" && event.delta.type === "input_json_delta" && !firstDelta) {
        firstDelta = event.delta.partial_json;
        // Had the gateway held the call to the end, this would never run, and the upstream would wait forever.
        openGate();
      }
    });
    const message = await stream.finalMessage();
    // What had arrived before the gate: a prefix of the arguments without the last fragment's text.
    expect(firstDelta).toBeDefined();
    expect('{"file_path": "/tmp/live.md", "content": "# Live\\nstreamed').toContain(firstDelta);
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toMatchObject([
      {
        type: "tool_use",
        id: "call_live1",
        name: "Write",
        input: { file_path: "/tmp/live.md", content: "# Live\nstreamed file" },
      },
    ]);
  });

  it("OpenAI Chat Completions: the first arguments delta reaches the client before the last fragment", async () => {
    const client = new OpenAI({ apiKey: "client-key", baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: "parsing",
      stream: true,
      tools: [{ type: "function", function: { name: "Write", parameters: writeTool } }],
      messages: [{ role: "user", content: "Write the file." }],
    });
    let seen = false;
    let argumentsText = "";
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      const piece = choice?.delta.tool_calls?.[0]?.function?.arguments;
      if (piece) {
        argumentsText += piece;
        if (!seen) {
          seen = true;
          openGate();
        }
      }
      finish = choice?.finish_reason ?? finish;
    }
    expect(JSON.parse(argumentsText)).toEqual({
      file_path: "/tmp/live.md",
      content: "# Live\nstreamed file",
    });
    expect(finish).toBe("tool_calls");
  });

  it("OpenAI Responses: the first function_call_arguments.delta reaches the client before the last fragment", async () => {
    const client = new OpenAI({ apiKey: "client-key", baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
    const stream = await client.responses.create({
      model: "parsing",
      stream: true,
      store: false,
      tools: [{ type: "function", name: "Write", parameters: writeTool, strict: false }],
      input: "Write the file.",
    });
    let seen = false;
    let done: unknown;
    for await (const event of stream) {
      if (event.type === "response.function_call_arguments.delta" && !seen) {
        seen = true;
        openGate();
      }
      if (event.type === "response.function_call_arguments.done") done = JSON.parse(event.arguments);
    }
    expect(seen).toBe(true);
    expect(done).toEqual({ file_path: "/tmp/live.md", content: "# Live\nstreamed file" });
  });

  it(
    "a 1 MiB argument in 1-character fragments arrives whole and exact, streamed and not (Anthropic SDK)",
    async () => {
      const client = new Anthropic({ apiKey: "client-key", baseURL: gateway.origin, maxRetries: 0 });
      const request = {
        model: "big",
        max_tokens: 1024,
        tools: [{ name: "Write", input_schema: writeTool }],
        messages: [{ role: "user" as const, content: "Write the big file." }],
      };
      // The SDK's raw event stream (its MessageStream helper re-parses the partial JSON on every delta).
      const stream = await client.messages.create({ ...request, stream: true });
      const pieces: string[] = [];
      let stop: string | null = null;
      for await (const event of stream) {
        if (event.type === "content_block_delta" && event.delta.type === "input_json_delta")
          pieces.push(event.delta.partial_json);
        if (event.type === "message_delta") stop = event.delta.stop_reason;
      }
      expect(pieces.join("")).toBe(bigArguments);
      expect(stop).toBe("tool_use");
      // Live: the call went out piece by piece as the upstream's reads came (one delta a read), not whole at the end.
      expect(pieces.length).toBeGreaterThan(1);
      const whole = await client.messages.create(request);
      expect(whole.content).toMatchObject([
        { type: "tool_use", name: "Write", input: JSON.parse(bigArguments) },
      ]);
    },
    A_MILLION_EVENTS_MS,
  );

  it(
    "a 1 MiB argument in 1-character fragments arrives whole and exact (OpenAI SDK, Chat Completions)",
    async () => {
      const client = new OpenAI({ apiKey: "client-key", baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: "big",
        stream: true,
        tools: [{ type: "function", function: { name: "Write", parameters: writeTool } }],
        messages: [{ role: "user", content: "Write the big file." }],
      });
      const pieces: string[] = [];
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments;
        if (piece) pieces.push(piece);
      }
      expect(pieces.join("")).toBe(bigArguments);
    },
    A_MILLION_EVENTS_MS,
  );
});
