/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESETS } from "../../src/config/presets";
import type { RawMarkup } from "../server/raw-markup/raw-markup";
import type { ScriptedRequest } from "../server/scripted-upstream";
import { modelYaml, startTestGateway, type TestGateway } from "../server/test-gateway";
import {
  type RenderedRequest,
  startTemplateUpstream,
  type TemplateUpstream,
} from "../templates/template-upstream";
import {
  type ClientLoop,
  chatCompletionsLoop,
  claudeCodeLoop,
  codexLoop,
  FIRST_TASK,
  HOOK_CONTEXT,
  SECOND_TASK,
  toolOutput,
} from "./client-loops";
import { FINAL_ANSWER, loopModel, STEPS } from "./loop-model";

/**
 * docs/dialects.md §5 through every preset and every route: Claude Code, Codex and an OpenAI SDK agent run two
 * tool loops each against a model server that renders every request through the family's chat template (the
 * template models of test/templates, answering vLLM's 400 where the template raises). Each loop must come
 * through without a template error, with no text the client sent missing from the rendered prompt, with every
 * request starting with exactly the messages of the one before (the server's prefix cache), and with the
 * model's answer in text, not swallowed into thinking.
 */

const RAW_MARKUP = new Map(
  Object.values(import.meta.glob<{ markup: RawMarkup }>("../server/raw-markup/*.ts", { eager: true }))
    .filter((module) => module.markup !== undefined)
    .map((module) => [module.markup.dialect, module.markup] as const),
);

/** A route: its client, and the system texts it sends (the hook's only once a tool ran). */
const ROUTES: readonly (readonly [string, ClientLoop, readonly string[]])[] = [
  [
    "Claude Code on /v1/messages",
    claudeCodeLoop,
    ["You are Claude Code.", "Attribution: add a trailer.", "# Environment", HOOK_CONTEXT],
  ],
  [
    "Codex on /v1/responses",
    codexLoop,
    [
      "You are Codex, a coding agent.",
      "<permissions>sandbox: workspace-write</permissions>",
      "<cwd>/work</cwd>",
    ],
  ],
  [
    "an OpenAI SDK agent on /v1/chat/completions",
    chatCompletionsLoop,
    ["You are a helpful agent.", "Prefer short answers."],
  ],
];

// DeepSeek V3.1's stock template cannot take a past call on vLLM (below): the loops run against the fix.
const TEMPLATE_OF: Readonly<Record<string, string>> = { "deepseek-v3.1": "deepseek-v3.1-tojson" };

const upstreams = new Map<string, TemplateUpstream>();
let gateway: TestGateway;

beforeAll(async () => {
  const models: string[] = [];
  for (const preset of [...PRESETS, { name: "deepseek-v3.1-stock", toolParser: "deepseek_v31" }]) {
    const family = preset.name.replace(/-stock$/, "");
    const template = preset.name.endsWith("-stock") ? family : (TEMPLATE_OF[family] ?? family);
    const upstream = await startTemplateUpstream(
      template,
      loopModel(family, template, RAW_MARKUP.get(preset.toolParser)),
    );
    upstreams.set(preset.name, upstream);
    for (const route of ["messages", "responses", "chat"])
      models.push(modelYaml(`${preset.name}@${route}`, upstream.baseUrl, { model: { preset: family } }));
  }
  gateway = await startTestGateway(`models:\n${models.join("")}`);
});

afterAll(async () => {
  await gateway?.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

const ROUTE_SUFFIX = ["messages", "responses", "chat"];

describe("agent loops through every preset's chat template (docs/dialects.md §5)", () => {
  for (const [routeIndex, [route, loop, systemTexts]] of ROUTES.entries()) {
    describe(route, () => {
      it.each(PRESETS.map((preset) => [preset.name, preset] as const))("%s", async (name, preset) => {
        const upstream = upstreams.get(name) as TemplateUpstream;
        const model = `${name}@${ROUTE_SUFFIX[routeIndex]}`;
        const answers = await loop(gateway.origin, model);
        expect(answers).toEqual([FINAL_ANSWER, FINAL_ANSWER]);
        expect(upstream.refusals).toEqual([]);

        const requests = upstream.requestsFor(model);
        const calls = preset.toolParser === "none" ? 0 : STEPS.length;
        expect(requests).toHaveLength(2 * (calls + 1));
        const prompts = requests.map((request) => promptOf(upstream, request));

        // Each request starts with the previous one's messages, byte for byte, and renders the same tools and
        // switches; inside a loop (no new task) its rendered conversation extends the previous one too.
        requests.slice(1).forEach((request, index) => {
          const previous = requests[index] as ScriptedRequest;
          const before = previous.body.messages as unknown[];
          const after = request.body.messages as unknown[];
          expect(after.slice(0, before.length).map(serialised), `request ${index + 1}`).toEqual(
            before.map(serialised),
          );
          expect(serialised(request.body.tools)).toBe(serialised(previous.body.tools));
          expect(serialised(request.body.chat_template_kwargs)).toBe(
            serialised(previous.body.chat_template_kwargs),
          );
          const newTask = (after.slice(before.length) as { role?: string }[]).some(
            (message) => message.role === "user" && serialised(message).includes(SECOND_TASK),
          );
          // Hermes' template ends the last tool result without the newline it gets once a turn follows.
          if (!newTask && name !== "hermes")
            expect(
              prompts[index + 1]?.prompt.startsWith(prompts[index]?.conversation ?? "\0"),
              `prompt ${index + 1}`,
            ).toBe(true);
        });

        // Nothing the client sent, and nothing the model said, is missing from the last prompt.
        const last = prompts.at(-1)?.prompt ?? "";
        const texts = [
          FIRST_TASK,
          SECOND_TASK,
          ...systemTexts.filter((text) => calls > 0 || text !== HOOK_CONTEXT),
          FINAL_ANSWER,
          ...(calls === 0 ? [] : [...STEPS.map((step) => step.text), toolOutput("Bash"), toolOutput("Read")]),
        ];
        // gpt-oss's template writes a tool result as a JSON string (`| tojson`): escaped, the text is still all there.
        for (const text of texts)
          expect(last.includes(text) || last.includes(JSON.stringify(text).slice(1, -1)), text).toBe(true);
      });
    });
  }
});

describe("DeepSeek V3.1's stock template on vLLM (docs/dialects.md §5)", () => {
  it.each(ROUTES.map(([route, loop], index) => [route, loop, ROUTE_SUFFIX[index]] as const))(
    "%s: the failure says what to fix on the server",
    async (_route, loop, suffix) => {
      await expect(loop(gateway.origin, `deepseek-v3.1-stock@${suffix}`)).rejects.toThrow(
        // (The Anthropic SDK's message shows the body's JSON, quotes escaped.)
        /can only concatenate str \(not \\?"dict\\?"\) to str: DeepSeek V3\.1's stock chat template .*--chat-template/,
      );
    },
  );
});

function serialised(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

/** The rendered prompt the template upstream recorded for a request. */
function promptOf(upstream: TemplateUpstream, request: ScriptedRequest): RenderedRequest {
  const index = upstream.requests.indexOf(request);
  const rendered = upstream.prompts.find((entry) => entry.index === index);
  if (rendered === undefined) throw new Error(`no rendered prompt for request ${index}`);
  return rendered;
}
