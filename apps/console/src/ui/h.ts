type Child = Node | string | number | false | null | undefined;
type Attributes = Record<string, string | number | boolean | undefined | EventListener>;

/**
 * One element, its attributes and children, in one expression: `h("td", { "data-col": "route" }, route)`.
 * Attributes starting with `on` are listeners; `false` / undefined leave an attribute out. Text is always set
 * as text, never parsed as HTML, so nothing the model wrote can run in the page.
 */
export function h<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

const SVG = "http://www.w3.org/2000/svg";

/** The same for SVG elements (the models' charts). */
export function s(
  tag: string,
  attributes: Record<string, string | number> = {},
  ...children: Child[]
): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  append(element, children);
  return element;
}

function setAttributes(element: HTMLElement, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, String(value));
  }
}

function append(element: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "object" ? child : String(child));
  }
}
