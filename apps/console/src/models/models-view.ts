import { consoleApi } from "../api/console-api";
import type { ModelsView, ModelView, ReplicaView } from "../api-types";
import { fact } from "../ui/fact";
import { formatCount, formatMs } from "../ui/format";
import { h } from "../ui/h";
import { seriesChart } from "./series-chart";

const REFRESH_MS = 5000;

/**
 * Each configured model: its preset and dialects, the upstream replicas with their health, the context window
 * requests are fitted into, and its request, error and token rates from the gateway's own metrics. Refreshed
 * every few seconds while it is on screen.
 */
export function modelsView(onError: (error: unknown) => void): { element: HTMLElement; shown(): void } {
  const cards = h("div", { class: "cards" });
  const updated = h("span", { class: "muted" });
  const element = h(
    "section",
    { class: "models", "data-testid": "models-view" },
    h("div", { class: "toolbar" }, h("h2", {}, "Models"), updated),
    cards,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = async (): Promise<void> => {
    clearTimeout(timer);
    if (!element.isConnected) return;
    try {
      const view = await consoleApi.models();
      render(view);
    } catch (error) {
      onError(error);
      return;
    }
    timer = setTimeout(() => void load(), REFRESH_MS);
  };

  const render = (view: ModelsView): void => {
    updated.textContent = `as of ${new Date(view.now).toLocaleTimeString()} · bars of ${formatMs(view.stepMs)}`;
    cards.replaceChildren(...view.models.map((model) => card(model, view.stepMs)));
    if (view.models.length === 0) cards.append(h("p", { class: "muted" }, "No models are configured."));
  };

  return { element, shown: () => void load() };
}

function card(model: ModelView, stepMs: number): HTMLElement {
  return h(
    "article",
    { class: "card", "data-testid": "model-card", "data-model": model.name },
    h(
      "header",
      {},
      h("h3", {}, model.name),
      model.aliases.length === 0 ? false : h("span", { class: "muted" }, ` also ${model.aliases.join(", ")}`),
    ),
    h(
      "dl",
      { class: "facts" },
      fact("Preset", model.preset ?? "none", "preset"),
      fact("Reasoning", model.reasoningParser),
      fact("Tool calls", model.toolParser),
      fact("Thinking switch", model.thinkingKwarg),
      fact("Upstream model", model.upstreamModel),
      fact(
        "Context window",
        model.contextWindow === undefined
          ? "not known"
          : `${formatCount(model.contextWindow.tokens)} tokens (${model.contextWindow.source})`,
        "context-window",
      ),
    ),
    h("ul", { class: "replicas" }, ...model.replicas.map(replica)),
    h(
      "div",
      { class: "charts" },
      seriesChart("Requests", model.series.requests, stepMs, model.totals.requests, "requests"),
      seriesChart("Errors", model.series.errors, stepMs, model.totals.errors, "errors"),
      seriesChart("Input tokens", model.series.inputTokens, stepMs, model.totals.inputTokens, "input"),
      seriesChart("Output tokens", model.series.outputTokens, stepMs, model.totals.outputTokens, "output"),
    ),
  );
}

function replica(view: ReplicaView): HTMLElement {
  const state =
    view.health === "cooling" && view.cooldownMsLeft !== undefined
      ? `cooling, ${formatMs(view.cooldownMsLeft)} left`
      : view.health;
  return h(
    "li",
    { "data-testid": "replica", "data-health": view.health },
    h("span", { class: `health h-${view.health}`, title: state }, ""),
    h("code", {}, view.url ?? "built-in demo"),
    h(
      "span",
      { class: "muted" },
      ` ${state} · ${view.inFlight} in flight${view.failures === 0 ? "" : ` · ${view.failures} failures in a row`}`,
    ),
  );
}
