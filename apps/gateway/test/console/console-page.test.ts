import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Anthropic from "@anthropic-ai/sdk";
import type { ConsoleInfo, ConsoleStreamEvent, ExchangeDetail, ExchangeSummary } from "@sluice/console";
import { Schema } from "effect";
import { createParser } from "eventsource-parser";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RecordedExchangeSchema } from "../../src/record/recorded-exchange";
import { replayExchange } from "../../src/record/replay-exchange";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { startTestGateway, type TestGateway } from "../server/test-gateway";

/*
 * The console's page (GET /console) in a real browser: Debian's chromium driven by playwright-core, against a
 * gateway and a scripted upstream, through the DOM hooks the page promises (data-testid, data-view, data-col,
 * data-kind, …; apps/console). Every wait is a wait for the page to show something, with a deadline only a hang
 * reaches; nothing here measures speed.
 */

const CHROMIUM = process.env.SLUICE_CHROMIUM ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const SKIPPED = `skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set SLUICE_CHROMIUM to a chromium binary)`;
if (!HAVE_CHROMIUM) console.warn(`console-page.test.ts ${SKIPPED}`);

const KEY = "sk-console-page-key-0123456789";
const UPSTREAM_KEY = "sk-upstream-console-page-9876543210";
/** Long enough for a loaded CI machine; only a hang reaches them. */
const WAIT = { timeout: 60_000, interval: 100 };
/** How many requests the load part sends, and how many at once. */
const LOAD = 1_000;
const CONCURRENCY = 8;
const LOAD_PROMPT = "List the files here (load)";

// The recorded answer (raw-qwen35-thinking-text-tool-call) thinks, says a sentence, then calls Bash in qwen_xml.
const BASH = {
  name: "Bash",
  description: "Run a shell command",
  input_schema: {
    type: "object" as const,
    properties: { command: { type: "string" }, description: { type: "string" } },
    required: ["command"],
  },
};
// Thinking asked for, so the reasoning is passed on as a thinking block (otherwise the gateway drops it).
const THINKING = { type: "enabled" as const, budget_tokens: 1024 };
const CALL_INPUT = { command: "ls -la", description: "List files" };

const here = dirname(fileURLToPath(import.meta.url));
const gatewayDirectory = join(here, "../..");
const consoleDirectory = dirname(createRequire(import.meta.url).resolve("@sluice/console/package.json"));
const artifactsDirectory = join(gatewayDirectory, "test-artifacts");
const docsImagesDirectory = join(gatewayDirectory, "../../docs/images");

let upstream: ScriptedUpstream | undefined;
let gateway: TestGateway | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
let origin = "";
/** The request id of the SDK's tool call, the row every view is checked on. */
let toolCallId = "";
/** Every URL the page asked for, and every error it threw and did not catch. */
const requestedUrls: string[] = [];
const pageErrors: string[] = [];

describe.skipIf(!HAVE_CHROMIUM)(
  HAVE_CHROMIUM ? "the console's page in chromium" : `the console's page in chromium (${SKIPPED})`,
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      await buildPageUnlessFresh();
      upstream = await startScriptedUpstream((request) =>
        request.body.model === "broken"
          ? {
              status: 500,
              body: JSON.stringify({ error: { message: "scripted failure", type: "server_error" } }),
            }
          : {
              payloads: readChunks("raw-qwen35-thinking-text-tool-call"),
              // The views' answer comes a chunk at a time, so it spans many reads (the raw pane's read per
              // chunk, as from a model server); the load's arrives as fast as it can.
              ...(JSON.stringify(request.body).includes(LOAD_PROMPT) ? {} : { delayMs: () => 5 }),
            },
      );
      const model = (name: string, upstreamModel: string): string[] => [
        `  - name: ${name}`,
        "    preset: qwen3.5",
        "    upstream:",
        `      base_url: ${upstream?.baseUrl}`,
        `      model: ${upstreamModel}`,
        `      api_key: ${UPSTREAM_KEY}`,
      ];
      gateway = await startTestGateway(
        [
          "server:",
          `  api_keys: [${KEY}]`,
          "  console: true",
          "models:",
          ...model("qwen", "Qwen/Qwen3.5-122B-A10B"),
          ...model("qwen-small", "Qwen/Qwen3.5-35B-A3B"),
          ...model("broken", "broken"),
        ].join("\n"),
      );
      origin = gateway.origin;
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
      });
      context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
      context.setDefaultTimeout(WAIT.timeout);
      page = await context.newPage();
      page.on("request", (request) => requestedUrls.push(request.url()));
      page.on("pageerror", (error) => pageErrors.push(String(error)));
    }, 180_000);

    // A failed test leaves a picture of what the page showed then.
    beforeEach(({ task, onTestFailed }) => {
      onTestFailed(async () => {
        const name = task.name.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 60);
        mkdirSync(artifactsDirectory, { recursive: true });
        await page
          ?.screenshot({ path: join(artifactsDirectory, `console-failed-${name}.png`) })
          .catch(() => undefined);
      });
    });

    afterAll(async () => {
      await context?.close().catch(() => undefined);
      // browser.close() ends the chromium process playwright started (and only that one).
      await browser?.close().catch(() => undefined);
      await gateway?.close();
      await upstream?.close();
    }, 60_000);

    it("asks for the client key in a form, says so when it is wrong, and keeps a good one (never in the URL)", async () => {
      await page.goto(`${origin}/console`);
      const form = keyForm(page);
      await form.waitFor({ state: "visible" });
      await submitKey(page, "sk-wrong-key");
      await page.locator('[data-testid="key-error"]').waitFor({ state: "visible" });
      expect(await form.isVisible()).toBe(true);

      await submitKey(page, KEY);
      await form.waitFor({ state: "hidden" });
      await page.locator('[data-testid="exchange-list"]').waitFor({ state: "visible" });
      expect(page.url()).not.toContain(KEY);
      expect(await storedValues(page)).toContain(KEY);
      // Kept: a reload does not ask again.
      await page.reload();
      await page.locator('[data-testid="exchange-list"]').waitFor({ state: "visible" });
      expect(await form.isVisible()).toBe(false);
    });

    it("lists an SDK tool call live: client, model, preset, status and stop reason", async () => {
      await page.goto(`${origin}/console#/live`);
      await page.locator('[data-testid="exchange-list"]').waitFor({ state: "visible" });
      toolCallId = await askToolCall();
      const row = rowOf(page, toolCallId);
      await expect.poll(() => cellText(row, "stop"), WAIT).toContain("tool_use");
      expect(await cellText(row, "client")).toContain("Anthropic SDK");
      expect(await cellText(row, "model")).toContain("qwen");
      expect(await cellText(row, "preset")).toContain("qwen3.5");
      expect(await cellText(row, "status")).toContain("200");
      expect(await cellText(row, "route")).toContain("/v1/messages");
    });

    it("opens the exchange side by side: the raw qwen_xml markup highlighted, the blocks it became", async () => {
      await openExchange(page, toolCallId);
      const raw = page.locator('[data-testid="raw-pane"]');
      await expect.poll(() => raw.textContent(), WAIT).toContain("</tool_call>");
      const rawText = (await raw.textContent()) ?? "";
      for (const markup of ["<tool_call>", "<function=Bash>", "<parameter=command>"]) {
        expect(rawText).toContain(markup);
      }
      // Highlighted: the markup is in spans of its kind, the model's words in others.
      expect(await kindText(raw, "tool-tag")).toContain("tool_call");
      expect(await kindText(raw, "function")).toContain("Bash");
      expect(await kindText(raw, "parameter")).toContain("command");
      expect(await kindText(raw, "value")).toContain("ls");
      expect(await raw.locator('.raw[data-kind="reasoning"]').count()).toBeGreaterThan(0);
      expect(await raw.locator('.raw[data-kind="text"]').count()).toBeGreaterThan(0);

      const blocks = page.locator('[data-testid="blocks-pane"] [data-testid="block"]');
      const block = (type: string): Locator => blocks.and(page.locator(`[data-type="${type}"]`));
      expect(
        await blocks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-type"))),
      ).toEqual(["thinking", "text", "tool_use"]);
      const tool = block("tool_use");
      expect((await tool.locator('[data-testid="tool-name"]').textContent())?.trim()).toBe("Bash");
      const input = JSON.parse((await tool.locator('pre[data-testid="tool-input"]').textContent()) ?? "");
      expect(input).toEqual(CALL_INPUT);
      expect(await block("thinking").textContent()).toContain("list");
      expect(await block("text").textContent()).toContain("Let me list the files");
      // The answer had no parser or sequencer warning, and the page shows none.
      expect(await page.locator('[data-testid="warning"]').count()).toBe(0);

      // Hovering a block marks the raw reads it came from, as the API aligned them (readsOfBlock).
      const detail = (await (await api(`/console/api/exchanges/${toolCallId}`)).json()) as ExchangeDetail;
      const linked = raw.locator(".raw.linked");
      const linkedReads = async (): Promise<number[]> =>
        [...new Set(await linked.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-read"))))]
          .map(Number)
          .sort((a, b) => a - b);
      const linkedKinds = (): Promise<(string | null)[]> =>
        linked.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind")));
      for (const [type, kinds] of [
        ["tool_use", ["tool-tag", "function", "parameter", "value"]],
        ["thinking", ["reasoning"]],
      ] as const) {
        const { least, most } = readsOfBlock(detail, type);
        await block(type).hover();
        await expect.poll(() => linked.count(), WAIT).toBeGreaterThan(0);
        // The reads linked (printed when wrong) against the API's: all of `least`, none outside `most`.
        await expect
          .poll(linkedReads, { ...WAIT, message: `${type} block's reads, against ${least} … ${most}` })
          .toSatisfy(
            (reads: number[]) =>
              least.every((read) => reads.includes(read)) && reads.every((read) => most.includes(read)),
          );
        const kindsLinked = await linkedKinds();
        expect(kindsLinked.some((kind) => (kinds as readonly (string | null)[]).includes(kind))).toBe(true);
      }
      // And back: hovering a raw piece the tool block came from marks the tool block.
      const toolRead = readsOfBlock(detail, "tool_use").least.at(-1);
      await raw.locator(`.raw[data-read="${toolRead}"]`).first().hover();
      await expect.poll(() => classesOf(tool), WAIT).toContain("linked");
      // Pictured freshly loaded (the header's ring figures are read every 10 s) with the call hovered: its reads lit.
      await page.reload();
      await openExchange(page, toolCallId);
      await tool.hover();
      await expect.poll(() => linked.count(), WAIT).toBeGreaterThan(0);
      await screenshot(page, "exchange");
    });

    it("downloads the exchange as a record file that replays unchanged", async () => {
      await openExchange(page, toolCallId);
      const [download] = await Promise.all([
        page.waitForEvent("download", WAIT),
        page.locator('button[data-testid="download-record"]').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      const path = await download.path();
      const recorded = Schema.decodeUnknownSync(RecordedExchangeSchema)(
        JSON.parse(readFileSync(path, "utf8")),
      );
      expect(recorded.request_id).toBe(toolCallId);
      expect(replayExchange(recorded)).toMatchObject({ kind: "replayed", difference: undefined });
      expect(JSON.stringify(recorded)).not.toContain(KEY);
    });

    // Alone here about 15 s; about 110 s inside `pnpm test` on the 2-core VM, where every package's suite runs at
    // once: its deadline is one only a hang reaches.
    it(`holds ${LOAD} exchanges and stays responsive: count, filters, scrolling`, {
      timeout: 600_000,
    }, async () => {
      await page.locator('nav [data-view="live"]').click();
      await page.waitForURL(/#\/live$/);
      const list = page.locator('[data-testid="exchange-list"]');
      await list.waitFor({ state: "visible" });

      // Every 10th to a second model, every 50th to one whose upstream fails (a 500 the list shows as a problem).
      const modelFor = (index: number): string =>
        index % 50 === 7 ? "broken" : index % 10 === 3 ? "qwen-small" : "qwen";
      await inBatches(LOAD, CONCURRENCY, (index) => askPlain(modelFor(index)));
      const held = await settledExchanges(LOAD);
      const info = (await (await api("/console/api/info")).json()) as ConsoleInfo;
      expect(held).toHaveLength(Math.min(LOAD, info.ring.maxExchanges));
      expect(info.held.exchanges).toBe(held.length);

      const count = page.locator('[data-testid="exchange-count"]');
      await expect.poll(() => shownCount(count), WAIT).toBe(held.length);
      expect(await page.evaluate(() => 6 * 7)).toBe(42);

      // Windowed: the list's DOM holds the rows in view, not all of them.
      const rows = list.locator('[data-testid="exchange-row"]');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.count()).toBeLessThan(held.length);
      const ids = new Set(held.map((summary) => summary.id));
      const visibleIds = (): Promise<(string | null)[]> =>
        rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-id")));
      const before = await visibleIds();
      await list.hover();
      await page.mouse.wheel(0, 20_000);
      await expect.poll(async () => (await visibleIds()).join(","), WAIT).not.toBe(before.join(","));
      expect((await visibleIds()).filter((id) => !ids.has(id ?? ""))).toEqual([]);
      expect(await page.evaluate(() => "still answering")).toBe("still answering");

      const small = held.filter((summary) => summary.model === "qwen-small").length;
      // "Has warnings or errors": a parser or sequencer warning, an error sent, or a status of 400 or more.
      const problemIds = new Set(
        held
          .filter(
            (summary) => summary.warnings > 0 || summary.error !== undefined || (summary.status ?? 0) >= 400,
          )
          .map((summary) => summary.id),
      );
      const problems = problemIds.size;
      expect(small).toBeGreaterThan(0);
      expect(problems).toBeGreaterThan(0);
      expect(problems).toBeLessThan(held.length);

      await page.locator('select[data-testid="filter-model"]').selectOption("qwen-small");
      await expect.poll(() => shownCount(count), WAIT).toBe(small);
      const modelCells = list.locator('[data-testid="exchange-row"] [data-col="model"]');
      // The rows drawn are those of the count (polled: they are drawn in the next frame).
      await expect
        .poll(async () => [...new Set((await modelCells.allTextContents()).map((text) => text.trim()))], WAIT)
        .toEqual(["qwen-small"]);
      await page.locator('select[data-testid="filter-model"]').selectOption("");
      await expect.poll(() => shownCount(count), WAIT).toBe(held.length);

      await page.locator('input[type="checkbox"][data-testid="filter-problems"]').check();
      await expect.poll(() => shownCount(count), WAIT).toBe(problems);
      await expect
        .poll(async () => (await visibleIds()).filter((id) => !problemIds.has(id ?? "")), WAIT)
        .toEqual([]);
      await page.locator('input[type="checkbox"][data-testid="filter-problems"]').uncheck();
      await expect.poll(() => shownCount(count), WAIT).toBe(held.length);

      await screenshot(page, "live");

      // A row of the full list still opens.
      const id = (await rows.first().getAttribute("data-id")) ?? "";
      await rowOf(page, id).click();
      await page.waitForURL(new RegExp(`#/exchange/${id}$`));
      await page.locator('[data-testid="exchange-view"]').waitFor({ state: "visible" });
      expect(await page.evaluate(() => 1 + 1)).toBe(2);
    });

    it("shows each model with its preset, its replica and charts", async () => {
      await page.locator('nav [data-view="models"]').click();
      await page.waitForURL(/#\/models$/);
      const view = page.locator('[data-testid="models-view"]');
      await view.waitFor({ state: "visible" });
      const card = view.locator('[data-testid="model-card"][data-model="qwen"]');
      await card.waitFor({ state: "visible" });
      expect(await card.locator('[data-testid="preset"]').textContent()).toContain("qwen3.5");
      const replicas = card.locator('[data-testid="replica"]');
      expect(await replicas.count()).toBe(1);
      // The health is on the replica or inside it (one upstream: no failover, so none is kept).
      const health = card.locator(
        '[data-testid="replica"][data-health], [data-testid="replica"] [data-health]',
      );
      expect(await health.first().getAttribute("data-health")).toBe("untracked");
      await expect.poll(() => card.locator('svg[data-testid="chart"]').count(), WAIT).toBeGreaterThan(0);
      expect(await view.locator('[data-testid="model-card"]').count()).toBe(3);
      const broken = view.locator('[data-testid="model-card"][data-model="broken"]');
      expect(await broken.locator('[data-testid="preset"]').textContent()).toContain("qwen3.5");
      await screenshot(page, "models");
    });

    it("shows the key form again when the kept key is refused (401)", async () => {
      // The key the page kept is replaced by a wrong one, as when the gateway's keys change.
      await page.evaluate(
        `for (const name of Object.keys(localStorage)) if (localStorage.getItem(name) === ${JSON.stringify(KEY)}) localStorage.setItem(name, "sk-revoked")`,
      );
      expect(await storedValues(page)).not.toContain(KEY);
      await page.goto(`${origin}/console#/live`);
      await page.reload();
      await keyForm(page).waitFor({ state: "visible" });
      expect((await api("/console/api/info", "sk-revoked")).status).toBe(401);
      await submitKey(page, KEY);
      await keyForm(page).waitFor({ state: "hidden" });
      await page.locator('[data-testid="exchange-list"]').waitFor({ state: "visible" });
    });

    it("never put the key in a URL, and threw no uncaught error, in all of the above", () => {
      expect(requestedUrls.length).toBeGreaterThan(0);
      expect(requestedUrls.filter((url) => url.includes(KEY))).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  },
);

// --- the page's build -----------------------------------------------------------------------------------

/** Builds apps/console into dist/ (vite, as `pnpm --filter @sluice/console build` does) unless dist is newer than every source. */
async function buildPageUnlessFresh(): Promise<void> {
  const built = join(consoleDirectory, "dist", "index.html");
  const sources = [
    ...listFiles(join(consoleDirectory, "src")),
    join(consoleDirectory, "index.html"),
    join(consoleDirectory, "vite.config.ts"),
    join(consoleDirectory, "package.json"),
  ];
  const newest = Math.max(...sources.filter(existsSync).map((file) => statSync(file).mtimeMs));
  if (existsSync(built) && statSync(built).mtimeMs >= newest && distAssetsPresent(built)) return;
  const vite = join(
    dirname(createRequire(join(consoleDirectory, "package.json")).resolve("vite/package.json")),
    "bin",
    "vite.js",
  );
  // A child process: vitest's own environment (NODE_ENV=test, its vite server) stays out of the build.
  await promisify(execFile)(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: consoleDirectory,
    env: { ...process.env, NODE_ENV: "production" },
  });
}

function listFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/** Every asset index.html names is there (a build cut short leaves dist/ half written). */
function distAssetsPresent(indexFile: string): boolean {
  const html = readFileSync(indexFile, "utf8");
  return [...html.matchAll(/\/console\/(assets\/[^"']+)/g)].every((match) =>
    existsSync(join(dirname(indexFile), match[1] as string)),
  );
}

/**
 * The reads a block came from, by the API's alignment (`eventReads`), among those with text (the page has spans
 * only for them): `least`, those its deltas followed; `most`, for its start and each delta every read since the
 * previous start or delta (a parser holds markup such as `<parameter=…>` until it knows it, so a read can become
 * an event only later; a stop takes no reads, it comes as the next block's markup begins).
 */
function readsOfBlock(detail: ExchangeDetail, type: string): { least: number[]; most: number[] } {
  const { events } = detail.record;
  const index = events.find(
    (event) => event.type === "content_block_start" && event.content_block?.type === type,
  )?.index;
  expect(index).toBeDefined();
  const least = new Set<number>();
  const most = new Set<number>();
  let before = -1;
  events.forEach((event, position) => {
    const read = detail.eventReads[position] ?? -1;
    if (event.type === "content_block_stop") return;
    if (event.index === index && read >= 0) {
      if (event.type === "content_block_delta") least.add(read);
      for (let source = Math.min(before + 1, read); source <= read; source++) most.add(source);
    }
    before = Math.max(before, read);
  });
  const withText = (reads: Set<number>): number[] =>
    [...reads].filter((read) => (detail.reads[read]?.pieces.length ?? 0) > 0).sort((a, b) => a - b);
  return { least: withText(least), most: withText(most) };
}

// --- the browser side -----------------------------------------------------------------------------------

const keyForm = (target: Page): Locator => target.locator('form[data-testid="key-form"]');

async function submitKey(target: Page, key: string): Promise<void> {
  const form = keyForm(target);
  await form.locator('input[name="key"]').fill(key);
  await form.locator('button[type="submit"], button:not([type]), input[type="submit"]').first().click();
}

/** Every value in the page's localStorage. */
async function storedValues(target: Page): Promise<string[]> {
  return (await target.evaluate(
    "Object.keys(localStorage).map((name) => localStorage.getItem(name))",
  )) as string[];
}

const rowOf = (target: Page, id: string): Locator =>
  target.locator(`[data-testid="exchange-list"] [data-testid="exchange-row"][data-id="${id}"]`);

async function cellText(row: Locator, column: string): Promise<string> {
  if ((await row.count()) === 0) return "";
  return ((await row.locator(`[data-col="${column}"]`).textContent()) ?? "").trim();
}

/** The text of every raw span of one kind, joined. */
async function kindText(raw: Locator, kind: string): Promise<string> {
  return (await raw.locator(`.raw[data-kind="${kind}"]`).allTextContents()).join("");
}

async function classesOf(locator: Locator): Promise<string[]> {
  return ((await locator.getAttribute("class")) ?? "").split(/\s+/);
}

/** The exchange's view, reached as a user does: its row in the live list, clicked. */
async function openExchange(target: Page, id: string): Promise<void> {
  if (!target.url().endsWith(`#/exchange/${id}`)) {
    await target.locator('nav [data-view="live"]').click();
    await rowOf(target, id).click();
    await target.waitForURL(new RegExp(`#/exchange/${id}$`));
  }
  await target.locator('[data-testid="exchange-view"]').waitFor({ state: "visible" });
  await target
    .locator('[data-testid="blocks-pane"] [data-testid="block"]')
    .first()
    .waitFor({ state: "visible" });
}

/** The number the count starts with ("1000 of 1000" → 1000); NaN before it shows one. */
async function shownCount(count: Locator): Promise<number> {
  if ((await count.count()) === 0) return Number.NaN;
  const match = /^\s*([\d,]+)/.exec((await count.textContent()) ?? "");
  return match === null ? Number.NaN : Number((match[1] as string).replaceAll(",", ""));
}

async function screenshot(target: Page, view: string): Promise<void> {
  mkdirSync(artifactsDirectory, { recursive: true });
  // Transitions finished: a highlight just turned off is not caught half faded.
  const image = await target.screenshot({
    path: join(artifactsDirectory, `console-${view}.png`),
    animations: "disabled",
  });
  if (process.env.SLUICE_UPDATE_SCREENSHOTS === "1") {
    mkdirSync(docsImagesDirectory, { recursive: true });
    writeFileSync(join(docsImagesDirectory, `console-${view}.png`), image);
  }
}

// --- the gateway side -----------------------------------------------------------------------------------

const api = (path: string, key = KEY): Promise<Response> =>
  fetch(`${origin}${path}`, { headers: { "x-api-key": key } });

/** One streamed tool call through the official SDK; its request id. */
async function askToolCall(): Promise<string> {
  const client = new Anthropic({ baseURL: origin, apiKey: KEY, maxRetries: 0 });
  const stream = client.messages.stream({
    model: "qwen",
    max_tokens: 4096,
    thinking: THINKING,
    tools: [BASH],
    messages: [{ role: "user", content: "List the files here" }],
  });
  const message = await stream.finalMessage();
  expect(message.stop_reason).toBe("tool_use");
  expect(stream.request_id).toBeTruthy();
  return stream.request_id as string;
}

/** One streamed request with plain fetch, read to its end. */
async function askPlain(model: string): Promise<void> {
  const response = await fetch(`${origin}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01", "x-api-key": KEY },
    body: JSON.stringify({
      model,
      max_tokens: 4096,
      stream: true,
      thinking: THINKING,
      tools: [BASH],
      messages: [{ role: "user", content: LOAD_PROMPT }],
    }),
  });
  await response.text();
  if (model !== "broken") expect(response.status).toBe(200);
}

async function inBatches(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * What the ring holds once the last requests are in it: the live list's snapshot, read again until it holds
 * `atLeast` (or the ring's bound) and nothing is still open.
 */
async function settledExchanges(atLeast: number): Promise<ExchangeSummary[]> {
  let held: ExchangeSummary[] = [];
  await expect
    .poll(async () => {
      const info = (await (await api("/console/api/info")).json()) as ConsoleInfo;
      held = await snapshot();
      return (
        held.length >= Math.min(atLeast, info.ring.maxExchanges) &&
        held.every((summary) => summary.state === "done")
      );
    }, WAIT)
    .toBe(true);
  return held;
}

/** The live list's first event: every exchange held. */
async function snapshot(): Promise<ExchangeSummary[]> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/console/api/stream`, {
    headers: { "x-api-key": KEY },
    signal: controller.signal,
  });
  let first: ConsoleStreamEvent | undefined;
  const parser = createParser({
    onEvent: (event) => {
      first ??= { event: event.event, data: JSON.parse(event.data) } as ConsoleStreamEvent;
    },
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  try {
    while (first === undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    controller.abort();
  }
  const event = first as ConsoleStreamEvent | undefined;
  if (event?.event !== "snapshot")
    throw new Error(`the live list did not start with its snapshot: ${event?.event}`);
  return [...event.data.exchanges];
}
