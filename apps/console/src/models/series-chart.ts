import { formatCount } from "../ui/format";
import { h, s } from "../ui/h";

const WIDTH = 240;
const HEIGHT = 56;

/**
 * A small bar chart of one series (oldest point first, the last one ending now), drawn as inline SVG: no
 * chart library, nothing loaded from elsewhere. Each bar's title gives its value and when it was.
 */
export function seriesChart(
  title: string,
  values: readonly number[],
  stepMs: number,
  total: number,
  tone: "requests" | "errors" | "input" | "output",
): HTMLElement {
  const max = Math.max(1, ...values);
  const bar = WIDTH / Math.max(1, values.length);
  const svg = s(
    "svg",
    {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      // The bars stretch with the card; the CSS fixes the height.
      preserveAspectRatio: "none",
      class: `chart t-${tone}`,
      "data-testid": "chart",
      role: "img",
      "aria-label": `${title}: ${values.reduce((a, b) => a + b, 0)} in the last ${Math.round((values.length * stepMs) / 60_000)} min`,
    },
    s("line", { x1: 0, y1: HEIGHT - 0.5, x2: WIDTH, y2: HEIGHT - 0.5, class: "axis" }),
  );
  values.forEach((value, index) => {
    if (value === 0) return;
    const height = Math.max(1.5, (value / max) * (HEIGHT - 4));
    const ago = Math.round(((values.length - 1 - index) * stepMs) / 1000);
    svg.append(
      s(
        "rect",
        { x: index * bar + 0.5, y: HEIGHT - height, width: Math.max(1, bar - 1), height, class: "bar" },
        s("title", {}, `${formatCount(value)} · ${ago === 0 ? "now" : `${ago} s ago`}`),
      ),
    );
  });
  const recent = values.slice(-6).reduce((a, b) => a + b, 0);
  const perMinute = (recent * 60_000) / (Math.min(6, values.length) * stepMs || 1);
  return h(
    "figure",
    { class: "series" },
    h(
      "figcaption",
      {},
      h("span", {}, title),
      h(
        "span",
        { class: "muted" },
        `${formatCount(Math.round(perMinute))}/min · ${formatCount(total)} total`,
      ),
    ),
    svg,
  );
}
