import "./style.css";
import { ApiError, consoleApi, KeyRequired } from "./api/console-api";
import { keyStore } from "./api/key-store";
import { openLiveStream } from "./api/live-stream";
import { exchangeView } from "./exchange/exchange-view";
import { LiveStore } from "./live/live-store";
import { liveView } from "./live/live-view";
import { modelsView } from "./models/models-view";
import { formatBytes } from "./ui/format";
import { h } from "./ui/h";
import { keyForm } from "./ui/key-form";

// The console's page (docs/config.md, "The console"): a live list, one exchange side by side, the models. Routes are
// the URL's hash (#/live, #/exchange/ID, #/models) so a reload or a shared link lands on the same view.

const store = new LiveStore();
const liveDot = h("span", { class: "live-dot", "data-testid": "live-state", title: "connecting" });
const ring = h("span", { class: "muted ring" });
const banner = h("div", { class: "banner", role: "alert", hidden: true });
const main = h("main", {});
const navLink = (view: string, label: string): HTMLAnchorElement =>
  h("a", { href: `#/${view}`, "data-view": view }, label);
const nav = h("nav", {}, navLink("live", "Live"), navLink("models", "Models"));
document
  .getElementById("app")
  ?.replaceChildren(
    h(
      "header",
      { class: "top" },
      h("h1", {}, "Sluice ", h("span", { class: "muted" }, "console")),
      nav,
      liveDot,
      ring,
    ),
    banner,
    main,
  );

let asking = false;
const showError = (error: unknown): void => {
  if (error instanceof KeyRequired) {
    // A refusal of the key given before the current one (a slow answer that arrived after the form was sent)
    // asks for nothing: the current key's requests are already on their way.
    if (error.sentKey === keyStore.get()) askForKey(error.hadKey);
    return;
  }
  banner.textContent = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  banner.hidden = false;
};

const askForKey = (hadKey: boolean): void => {
  asking = true;
  liveDot.dataset.state = "key";
  main.replaceChildren(
    keyForm(hadKey, () => {
      asking = false;
      live.restart();
      void loadInfo();
      route();
    }),
  );
};

const live = openLiveStream({
  onEvent: (event) => store.apply(event),
  onState: (state, detail) => {
    if (state === "key") return askForKey(keyStore.get() !== undefined);
    liveDot.dataset.state = state;
    liveDot.title = detail ?? state;
    if (state === "live") banner.hidden = true;
    if (state === "retrying" && detail !== undefined) showError(new Error(`Live list: ${detail}`));
  },
});

const list = liveView(store, (id) => {
  location.hash = `#/exchange/${encodeURIComponent(id)}`;
});
const models = modelsView(showError);

async function loadInfo(): Promise<void> {
  try {
    const info = await consoleApi.info();
    ring.textContent = `v${info.version} · ring ${info.held.exchanges}/${info.ring.maxExchanges} exchanges, ${formatBytes(info.held.bytes)} of ${formatBytes(info.ring.maxBytes)}`;
  } catch (error) {
    showError(error);
  }
}

let exchangeWatch: (() => void) | undefined;

async function showExchange(id: string): Promise<void> {
  // A request that never called an upstream (a 404, a refused key, a bad body) has nothing to show side by side.
  const known = store.get(id);
  if (known !== undefined && !known.detail && known.state === "done") {
    main.replaceChildren(
      h(
        "section",
        { class: "exchange", "data-testid": "exchange-view", "data-id": id },
        h("a", { href: "#/live", class: "back" }, "← Live"),
        h("h2", {}, `${known.method} ${known.route}`, h("span", { class: "muted" }, ` ${id}`)),
        h(
          "p",
          {},
          `Answered ${known.status ?? "?"} without calling a model${known.error === undefined ? "" : `: ${known.error.type}: ${known.error.message}`}.`,
        ),
      ),
    );
    return;
  }
  main.replaceChildren(h("p", { class: "muted" }, "Loading…"));
  try {
    const detail = await consoleApi.exchange(id);
    if (location.hash !== `#/exchange/${encodeURIComponent(id)}`) return;
    main.replaceChildren(exchangeView(detail, showError));
    // An exchange still streaming is shown again as it changes, at most once a second.
    if (detail.summary.state === "open") {
      let last = 0;
      exchangeWatch = store.subscribe((changed) => {
        if (!changed.has(id) || performance.now() - last < 1000) return;
        last = performance.now();
        exchangeWatch?.();
        exchangeWatch = undefined;
        void showExchange(id);
      });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      main.replaceChildren(
        h(
          "section",
          { class: "exchange" },
          h("a", { href: "#/live", class: "back" }, "← Live"),
          h("p", {}, error.message),
        ),
      );
      return;
    }
    showError(error);
  }
}

function route(): void {
  if (asking) return;
  exchangeWatch?.();
  exchangeWatch = undefined;
  const hash = location.hash.replace(/^#\/?/, "");
  const view = hash.startsWith("exchange/") ? "live" : hash === "models" ? "models" : "live";
  for (const link of nav.querySelectorAll("a")) link.classList.toggle("current", link.dataset.view === view);
  if (hash.startsWith("exchange/")) {
    void showExchange(decodeURIComponent(hash.slice("exchange/".length)));
  } else if (view === "models") {
    main.replaceChildren(models.element);
    models.shown();
  } else {
    main.replaceChildren(list.element);
    list.shown();
  }
}

addEventListener("hashchange", route);
route();
void loadInfo();
// The header's ring figures follow the list: at most once a second while exchanges change, else every 10 s.
let infoAt = 0;
const refreshInfo = (): void => {
  if (asking || document.hidden || performance.now() - infoAt < 1000) return;
  infoAt = performance.now();
  void loadInfo();
};
store.subscribe(refreshInfo);
setInterval(refreshInfo, 10_000);
