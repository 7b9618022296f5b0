import type { ExchangeSummary } from "../api-types";
import { formatCount, formatMs, formatTime } from "../ui/format";
import { h } from "../ui/h";
import { hasProblems, type LiveStore, modelOf } from "./live-store";

// Rows have one height so the list can be windowed: only the rows in view (and a few around) are in the DOM.
const ROW_HEIGHT = 32;
const OVERSCAN = 8;

const COLUMNS: readonly { readonly col: string; readonly label: string }[] = [
  { col: "time", label: "Time" },
  { col: "route", label: "Route" },
  { col: "client", label: "Client" },
  { col: "model", label: "Model" },
  { col: "preset", label: "Preset" },
  { col: "replica", label: "Replica" },
  { col: "status", label: "Status" },
  { col: "stop", label: "Stop" },
  { col: "tokens", label: "Tokens in → out" },
  { col: "ttft", label: "TTFT" },
  { col: "duration", label: "Duration" },
  { col: "warnings", label: "Warnings" },
];

/**
 * The live list: every exchange the ring holds, newest first, updated as the gateway's stream reports them;
 * filtered by model and by "has warnings or errors". Rendering is windowed and happens at most once per
 * frame, so a thousand exchanges, or a burst of updates, do not freeze the page.
 */
export function liveView(
  store: LiveStore,
  open: (id: string) => void,
): { element: HTMLElement; shown(): void } {
  const modelFilter = h(
    "select",
    { "data-testid": "filter-model", "aria-label": "Model" },
    h("option", { value: "" }, "All models"),
  );
  const problemsFilter = h("input", { type: "checkbox", "data-testid": "filter-problems" });
  const count = h("span", { class: "count", "data-testid": "exchange-count" });
  const spacer = h("div", { class: "spacer" });
  const empty = h(
    "div",
    { class: "empty" },
    "No requests yet. Send one through the gateway and it appears here as it streams.",
  );
  const list = h("div", { class: "list", "data-testid": "exchange-list", role: "table" }, spacer, empty);
  const head = h(
    "div",
    { class: "row head", role: "row" },
    ...COLUMNS.map(({ col, label }) => h("div", { "data-col": col, role: "columnheader" }, label)),
  );
  const element = h(
    "section",
    { class: "live", "data-testid": "live-view" },
    h(
      "div",
      { class: "toolbar" },
      modelFilter,
      h("label", { class: "check" }, problemsFilter, " Has warnings or errors"),
      count,
    ),
    h("div", { class: "table" }, head, list),
  );

  let shown: ExchangeSummary[] = [];
  let models = "";
  let dirty = true;
  let frame: number | undefined;

  const filter = (): void => {
    const all = store.list();
    const names = [...new Set(all.map(modelOf).filter((name): name is string => name !== undefined))].sort();
    if (names.join("\n") !== models) {
      models = names.join("\n");
      const chosen = modelFilter.value;
      modelFilter.replaceChildren(
        h("option", { value: "" }, "All models"),
        ...names.map((name) => h("option", { value: name }, name)),
      );
      // A chosen model that left the ring stays chosen (its rows may come back).
      if (chosen !== "" && !names.includes(chosen))
        modelFilter.append(h("option", { value: chosen }, chosen));
      modelFilter.value = chosen;
    }
    const model = modelFilter.value;
    const problems = problemsFilter.checked;
    shown = all.filter(
      (summary) => (model === "" || modelOf(summary) === model) && (!problems || hasProblems(summary)),
    );
    count.textContent = `${shown.length} of ${all.length} exchanges`;
    spacer.style.height = `${shown.length * ROW_HEIGHT}px`;
    empty.hidden = all.length > 0;
  };

  const render = (): void => {
    frame = undefined;
    if (!element.isConnected) return;
    if (dirty) filter();
    dirty = false;
    const first = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(
      shown.length,
      Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + OVERSCAN,
    );
    const rows: HTMLElement[] = [];
    for (let i = first; i < last; i++) rows.push(row(shown[i] as ExchangeSummary, i));
    spacer.replaceChildren(...rows);
  };

  const schedule = (data: boolean): void => {
    dirty ||= data;
    if (frame === undefined) frame = requestAnimationFrame(render);
  };

  const row = (summary: ExchangeSummary, position: number): HTMLElement => {
    const element = h(
      "div",
      {
        class: `row${summary.state === "open" ? " open" : ""}${hasProblems(summary) ? " problem" : ""}`,
        role: "row",
        tabindex: 0,
        "data-testid": "exchange-row",
        "data-id": summary.id,
        onclick: () => open(summary.id),
        onkeydown: (event: Event) => {
          if ((event as KeyboardEvent).key === "Enter") open(summary.id);
        },
      },
      ...cells(summary),
    );
    element.style.top = `${position * ROW_HEIGHT}px`;
    return element;
  };

  list.addEventListener("scroll", () => schedule(false), { passive: true });
  modelFilter.addEventListener("change", () => schedule(true));
  problemsFilter.addEventListener("change", () => schedule(true));
  new ResizeObserver(() => schedule(false)).observe(list);
  store.subscribe(() => schedule(true));
  return { element, shown: () => schedule(true) };
}

function cells(summary: ExchangeSummary): HTMLElement[] {
  const cell = (col: string, text: string, title?: string, extra = ""): HTMLElement =>
    h("div", { "data-col": col, role: "cell", title: title ?? text, class: extra || undefined }, text);
  const status =
    summary.state === "open"
      ? summary.status === undefined
        ? "…"
        : `${summary.status} …`
      : String(summary.status ?? "");
  const tokens =
    summary.inputTokens === undefined && summary.outputTokens === undefined
      ? ""
      : `${formatCount(summary.inputTokens) || "?"} → ${formatCount(summary.outputTokens) || "?"}`;
  return [
    cell("time", formatTime(summary.time), summary.time),
    cell(
      "route",
      summary.route,
      `${summary.method} ${summary.route}${summary.stream === true ? " (stream)" : ""}`,
    ),
    cell(
      "client",
      summary.clientVersion === undefined ? summary.client : `${summary.client} ${summary.clientVersion}`,
      summary.userAgent,
    ),
    cell(
      "model",
      modelOf(summary) ?? "",
      summary.model === summary.servedBy
        ? summary.model
        : `${summary.model ?? ""} → ${summary.servedBy ?? ""}`,
    ),
    cell("preset", summary.preset ?? ""),
    cell("replica", replicaName(summary.upstreamUrl), summary.upstreamUrl),
    cell(
      "status",
      status,
      summary.error === undefined ? undefined : `${summary.error.type}: ${summary.error.message}`,
      statusClass(summary),
    ),
    cell("stop", summary.stopReason ?? "", undefined, summary.stopReason === "tool_use" ? "tool" : ""),
    cell("tokens", tokens),
    cell("ttft", formatMs(summary.ttfbMs)),
    cell("duration", formatMs(summary.durationMs)),
    cell(
      "warnings",
      summary.warnings === 0 ? "" : `${summary.warnings} ${summary.warningCodes.join(", ")}`,
      summary.warningCodes.join("\n") || undefined,
      summary.warnings === 0 ? "" : "warn",
    ),
  ];
}

function statusClass(summary: ExchangeSummary): string {
  if (summary.error !== undefined || (summary.status ?? 0) >= 400) return "bad";
  return summary.state === "open" ? "pending" : "good";
}

/** The replica as host:port (the full URL is the cell's title). */
function replicaName(url: string | undefined): string {
  if (url === undefined) return "";
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
