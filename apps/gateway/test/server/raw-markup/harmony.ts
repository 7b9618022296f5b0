import type { RawMarkup } from "./raw-markup";

// As gpt-oss writes a call in harmony (docs/dialects.md §3): one message per call to functions.NAME on the
// commentary channel, JSON arguments, <|call|> (which an engine that stops on it leaves out).
export const markup: RawMarkup = {
  dialect: "harmony",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<|start|>assistant<|channel|>commentary to=functions.${call.name} <|constrain|>json<|message|>${JSON.stringify(call.arguments)}<|call|>`,
      )
      .join(""),
};
