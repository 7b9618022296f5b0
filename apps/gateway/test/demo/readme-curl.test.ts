import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDemoUpstream } from "../../src/demo/create-demo-upstream";
import { startTestGateway } from "../server/test-gateway";

/** The README's first curl: its URL path and its `-d` body, as a new user pastes it. */
function readmeCurl(): { path: string; body: string } {
  const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
  const command = /```sh\n(curl [\s\S]*?)```/.exec(readme)?.[1] ?? "";
  const path = /http:\/\/127\.0\.0\.1:8080(\/\S+)/.exec(command)?.[1] ?? "";
  const body = /-d '([\s\S]*?)'\s*$/.exec(command)?.[1] ?? "";
  return { path, body };
}

describe("the README's first curl against the demo (sluice.yaml)", () => {
  it("answers with reasoning, text and a tool call, as the README says", async () => {
    const config = readFileSync(new URL("../../../../sluice.yaml", import.meta.url), "utf8");
    const gateway = await startTestGateway(config, {
      upstreamFor: () => createDemoUpstream({ tokenDelayMs: 0 }),
    });
    try {
      const { path, body } = readmeCurl();
      expect(path).toBe("/v1/messages");
      const response = await fetch(`${gateway.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(200);
      const message = (await response.json()) as {
        stop_reason: string;
        content: Array<{ type: string; thinking?: string; name?: string; input?: unknown }>;
      };
      expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);
      expect(message.content[0]?.thinking).toContain("What is the weather in Paris?");
      expect(message.content[2]).toMatchObject({ name: "get_weather", input: { city: "Paris" } });
      expect(message.stop_reason).toBe("tool_use");
    } finally {
      await gateway.close();
    }
  });
});
