import { keyStore } from "../api/key-store";
import { h } from "./h";

/**
 * The form that asks for the client key when the API answers 401. The key goes to localStorage and into the
 * `x-api-key` header of each API call, never into a URL.
 */
export function keyForm(hadKey: boolean, onKey: () => void): HTMLElement {
  const input = h("input", {
    name: "key",
    type: "password",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "sk-…",
    "aria-label": "API key",
    required: true,
  });
  const form = h(
    "form",
    { class: "key-form", "data-testid": "key-form" },
    h("h2", {}, "This gateway asks for a key"),
    h(
      "p",
      {},
      "Enter one of the keys in ",
      h("code", {}, "server.api_keys"),
      ". It stays in this browser (localStorage) and is sent only as the ",
      h("code", {}, "x-api-key"),
      " header.",
    ),
    hadKey
      ? h("p", { class: "bad", "data-testid": "key-error" }, "The gateway did not accept that key.")
      : false,
    h("div", { class: "key-row" }, input, h("button", { type: "submit" }, "Open the console")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    keyStore.set(input.value.trim());
    onKey();
  });
  queueMicrotask(() => input.focus());
  return form;
}
