import { h } from "./h";

/** One label and value of a `<dl class="facts">`; nothing when there is no value to show. */
export function fact(label: string, value: string | undefined, testid?: string): HTMLElement | false {
  if (value === undefined || value === "") return false;
  return h(
    "div",
    {},
    h("dt", {}, label),
    h("dd", testid === undefined ? {} : { "data-testid": testid }, value),
  );
}
