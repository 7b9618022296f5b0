import { consoleApi } from "../api/console-api";
import type { ExchangeDetail, ExchangeSummary } from "../api-types";
import { fact } from "../ui/fact";
import { formatBytes, formatCount, formatMs } from "../ui/format";
import { h } from "../ui/h";
import { blocksFromEvents, type ReceivedBlock } from "./blocks-from-events";
import { rawSpans } from "./raw-spans";

const MAX_SPANS = 20_000;

const KIND_LABELS: Readonly<Record<string, string>> = {
  text: "text",
  reasoning: "reasoning",
  "think-tag": "reasoning tag",
  "tool-tag": "tool-call marker",
  function: "function",
  parameter: "parameter",
  value: "value",
  "tool-arguments": "call body / arguments",
  "tool-name": "parsed call name",
  other: "other",
};

/**
 * One exchange side by side: on the left the model's text as the upstream sent it, read by read, raw markup
 * coloured; on the right the blocks the client received. Hovering either side lights up the other: a block's
 * reads, a read's blocks. Warnings sit in the raw text after the read where they arose.
 */
export function exchangeView(detail: ExchangeDetail, onError: (error: unknown) => void): HTMLElement {
  const { summary, record } = detail;
  const message = blocksFromEvents(record.events, detail.eventReads);
  const spansByRead = new Map<number, HTMLElement[]>();
  const blocksByRead = new Map<number, HTMLElement[]>();
  const link = (elements: Iterable<HTMLElement>, on: boolean): void => {
    for (const element of elements) element.classList.toggle("linked", on);
  };
  const spansOf = (reads: Iterable<number>): HTMLElement[] =>
    [...reads].flatMap((read) => spansByRead.get(read) ?? []);

  // The right side first: the raw spans' hover needs to know each read's blocks.
  const blockElements = message.blocks.map((block) => {
    const element = blockCard(block);
    for (const read of block.reads) pushTo(blocksByRead, read, element);
    element.addEventListener("mouseenter", () => link(spansOf(block.reads), true));
    element.addEventListener("mouseleave", () => link(spansOf(block.reads), false));
    element.addEventListener("click", () =>
      spansOf(block.reads)[0]?.scrollIntoView({ block: "center", behavior: "smooth" }),
    );
    return element;
  });

  const warningsByRead = new Map<number, ExchangeDetail["warnings"][number][]>();
  for (const warning of detail.warnings) pushTo(warningsByRead, warning.read, warning);
  const raw = h("div", { class: "raw-text" });
  // A warning "after read r" goes after read r's last span; -1 (before any read, or at the end) goes last.
  let flushed = -1;
  const flushThrough = (read: number): void => {
    for (; flushed < read; flushed++)
      for (const warning of warningsByRead.get(flushed + 1) ?? []) raw.append(warningMark(warning));
  };
  const spans = rawSpans(detail.reads);
  // A long answer is cut at MAX_SPANS on screen (the download has it all): the DOM stays small enough to hover.
  const drawn = spans.length > MAX_SPANS ? spans.slice(0, MAX_SPANS) : spans;
  for (const span of drawn) {
    flushThrough(span.read - 1);
    const element = h(
      "span",
      {
        class: `raw k-${span.kind}`,
        "data-read": span.read,
        "data-kind": span.kind,
        title: `read ${span.read} at +${detail.reads[span.read]?.t ?? "?"} ms · ${KIND_LABELS[span.kind] ?? span.kind}${span.call === undefined ? "" : ` · call ${span.call}`}`,
      },
      span.kind === "other" ? `⟨${span.text}⟩` : span.text,
    );
    pushTo(spansByRead, span.read, element);
    element.addEventListener("mouseenter", () => link(blocksByRead.get(span.read) ?? [], true));
    element.addEventListener("mouseleave", () => link(blocksByRead.get(span.read) ?? [], false));
    raw.append(element);
  }
  if (drawn.length < spans.length)
    raw.append(
      h(
        "p",
        { class: "muted" },
        `… ${spans.length - drawn.length} more pieces: download the record to see them all.`,
      ),
    );
  else flushThrough(detail.reads.length - 1);
  for (const warning of warningsByRead.get(-1) ?? []) raw.append(warningMark(warning));
  if (spans.length === 0)
    raw.append(h("p", { class: "muted" }, record.upstream.error ?? "The upstream sent no model text."));

  const received = h("div", { class: "blocks" }, ...blockElements);
  for (const error of message.errors)
    received.append(
      h(
        "div",
        { class: "block error", "data-type": "error" },
        h("header", {}, "error ", h("code", {}, error.type)),
        h("p", {}, error.message),
      ),
    );
  if (message.blocks.length === 0 && message.errors.length === 0)
    received.append(h("p", { class: "muted" }, "The client received no content blocks."));
  received.append(
    h(
      "p",
      { class: "stop" },
      "stop_reason ",
      h("code", { "data-testid": "stop-reason" }, String(message.stopReason ?? summary.stopReason ?? "—")),
    ),
  );

  const download = h("button", { type: "button", "data-testid": "download-record" }, "Download record");
  download.addEventListener("click", () => {
    download.disabled = true;
    consoleApi
      .record(summary.id)
      .then(({ name, blob }) => {
        const url = URL.createObjectURL(blob);
        const anchor = h("a", { href: url, download: name });
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      })
      .catch(onError)
      .finally(() => {
        download.disabled = false;
      });
  });

  return h(
    "section",
    { class: "exchange", "data-testid": "exchange-view", "data-id": summary.id },
    h(
      "header",
      { class: "exchange-head" },
      h("a", { href: "#/live", class: "back" }, "← Live"),
      h("h2", {}, `${summary.method} ${summary.route}`, h("span", { class: "muted" }, ` ${summary.id}`)),
      download,
    ),
    facts(detail),
    detail.warnings.length === 0
      ? false
      : h(
          "p",
          { class: "warn-line" },
          `${detail.warnings.length} warning${detail.warnings.length === 1 ? "" : "s"}, marked in the raw text where they arose.`,
        ),
    h(
      "div",
      { class: "sides" },
      h(
        "div",
        { class: "pane", "data-testid": "raw-pane" },
        h(
          "h3",
          {},
          "What the model sent",
          h(
            "span",
            { class: "muted" },
            ` ${detail.reads.length} reads · ${record.upstream.url ?? "no upstream"}`,
          ),
        ),
        legend(),
        raw,
      ),
      h(
        "div",
        { class: "pane", "data-testid": "blocks-pane" },
        h(
          "h3",
          {},
          "What the client received",
          // The OpenAI surfaces encode the same blocks in their own events: the blocks are what they carry.
          h(
            "span",
            { class: "muted" },
            ` ${message.blocks.length} blocks${summary.route === "/v1/messages" ? "" : `, sent as ${summary.route} events`}`,
          ),
        ),
        received,
      ),
    ),
    h(
      "details",
      { class: "requests" },
      h("summary", {}, "Requests: what the client sent, and what the gateway sent upstream"),
      h(
        "div",
        { class: "sides" },
        jsonPane("Client request", record.client.body),
        jsonPane("Upstream request", record.upstream.request),
      ),
    ),
  );
}

function blockCard(block: ReceivedBlock): HTMLElement {
  const head = h("header", {}, h("span", { class: `badge b-${block.type}` }, block.type), ` #${block.index}`);
  const card = h(
    "div",
    {
      class: `block b-${block.type}`,
      "data-testid": "block",
      "data-block": block.index,
      "data-type": block.type,
    },
    head,
  );
  if (block.type === "tool_use") {
    head.append(
      " ",
      h("strong", { "data-testid": "tool-name" }, block.name ?? ""),
      h("span", { class: "muted" }, ` ${block.id ?? ""}`),
    );
    let input = block.text;
    let note: string | undefined;
    try {
      input = JSON.stringify(JSON.parse(block.text === "" ? "{}" : block.text), null, 2);
    } catch {
      note = "Not valid JSON as received";
    }
    card.append(h("pre", { "data-testid": "tool-input" }, input));
    if (note !== undefined) card.append(h("p", { class: "warn-line" }, note));
  } else {
    card.append(h("div", { class: "block-text" }, block.text));
  }
  return card;
}

/** Adds `value` to the list under `key` (each read's spans, blocks and warnings). */
function pushTo<Key, Value>(map: Map<Key, Value[]>, key: Key, value: Value): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function warningMark(warning: { code: string; message: string; read: number }): HTMLElement {
  return h(
    "span",
    { class: "warning", "data-testid": "warning", "data-read": warning.read, title: warning.message },
    `⚠ ${warning.code}`,
    h("span", { class: "warning-message" }, `: ${warning.message}`),
  );
}

function facts(detail: ExchangeDetail): HTMLElement {
  const { summary, record } = detail;
  return h(
    "dl",
    { class: "facts" },
    fact("Client", clientName(summary)),
    fact(
      "Model",
      summary.model === summary.servedBy || summary.servedBy === undefined
        ? summary.model
        : `${summary.model} → ${summary.servedBy}`,
    ),
    fact("Preset", summary.preset),
    fact(
      "Parsers",
      [record.model.reasoning_parser, record.model.tool_parser].filter((p) => p !== null).join(" + ") ||
        undefined,
    ),
    fact("Upstream", record.upstream.url ?? undefined),
    fact(
      "Status",
      summary.status === undefined
        ? summary.state
        : `${summary.status}${summary.upstreamStatus === undefined ? "" : ` (upstream ${summary.upstreamStatus})`}`,
    ),
    fact("Stop", summary.stopReason),
    fact(
      "Tokens",
      summary.inputTokens === undefined
        ? undefined
        : `${formatCount(summary.inputTokens)} in → ${formatCount(summary.outputTokens)} out`,
    ),
    fact("First byte", formatMs(summary.ttfbMs)),
    fact("Duration", formatMs(summary.durationMs)),
    fact(
      "Body",
      `${summary.reads} reads, ${formatBytes(summary.bytes)}${record.truncated ? " (truncated)" : ""}`,
    ),
    fact(
      "Error",
      summary.error === undefined ? undefined : `${summary.error.type}: ${summary.error.message}`,
    ),
  );
}

function clientName(summary: ExchangeSummary): string {
  return summary.clientVersion === undefined ? summary.client : `${summary.client} ${summary.clientVersion}`;
}

function legend(): HTMLElement {
  return h(
    "p",
    { class: "legend" },
    ...["reasoning", "think-tag", "text", "tool-tag", "function", "parameter", "value", "tool-arguments"].map(
      (kind) => h("span", { class: `raw k-${kind}` }, KIND_LABELS[kind] ?? kind),
    ),
  );
}

function jsonPane(title: string, value: unknown): HTMLElement {
  return h(
    "div",
    { class: "pane" },
    h("h3", {}, title),
    h("pre", { class: "json" }, value === undefined || value === null ? "—" : JSON.stringify(value, null, 2)),
  );
}
