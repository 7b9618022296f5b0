import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatChunk } from "../server/chat-chunks";
import { startTemplateUpstream, type TemplateUpstream } from "./template-upstream";

let upstream: TemplateUpstream;

beforeAll(async () => {
  upstream = await startTemplateUpstream("qwen3.5", (request) =>
    request.path === "/v1/models"
      ? { body: '{"object":"list","data":[]}' }
      : { payloads: [chatChunk({ content: "hi" }, "stop"), "[DONE]"] },
  );
});

afterAll(async () => {
  await upstream.close();
});

async function chat(messages: unknown[]): Promise<Response> {
  return fetch(`${upstream.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", stream: true, messages }),
  });
}

describe("template upstream", () => {
  it("answers vLLM's 400 with the template's exception text", async () => {
    const response = await chat([
      { role: "user", content: "Q" },
      { role: "system", content: "late" },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      object: "error",
      message: "System message must be at the beginning.",
      type: "BadRequestError",
      param: null,
      code: 400,
    });
    expect(upstream.refusals).toContain("System message must be at the beginning.");
  });

  it("runs the script for an accepted request and records its prompt", async () => {
    const response = await chat([
      { role: "system", content: "SYS-OK" },
      { role: "user", content: "ASK-OK" },
    ]);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"content":"hi"');
    const last = upstream.prompts[upstream.prompts.length - 1];
    expect(last?.prompt).toContain("SYS-OK");
    expect(last?.prompt).toContain("ASK-OK");
    expect(upstream.requests[last?.index ?? -1]?.body.messages).toHaveLength(2);
  });

  it("passes other paths to the script", async () => {
    const response = await fetch(`${upstream.baseUrl}/models`);
    expect(await response.json()).toEqual({ object: "list", data: [] });
  });
});
