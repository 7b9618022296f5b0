import type { RawMarkup } from "./raw-markup";

// As Kimi K3 writes its tool calls (docs/dialects.md §3, Kimi-K3.jinja's render_assistant): the response channel's
// close, a tools channel with each argument typed, and the message's close.
export const markup: RawMarkup = {
  dialect: "kimi_k3",
  render: (calls) =>
    `<|close|>response<|sep|><|open|>tools<|sep|>${calls
      .map(
        (call, index) =>
          `<|open|>call tool="${call.name}" index="${index + 1}"<|sep|>${Object.entries(call.arguments)
            .map(
              ([key, value]) =>
                `<|open|>argument key="${key}" type="${typeof value === "string" ? "string" : "number"}"<|sep|>${value}<|close|>argument<|sep|>`,
            )
            .join("")}<|close|>call<|sep|>`,
      )
      .join("")}<|close|>tools<|sep|><|close|>message<|sep|>`,
};
