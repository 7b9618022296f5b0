import type { ParserContext, ReasoningParser, SegmentSink } from "@sluice/core";
import { type HarmonyEvents, HarmonyReader, type NotAHeaderReason } from "./harmony-reader";
import { type HarmonyHeader, isReasoningHeader } from "./parse-harmony-header";

const WARNINGS: Readonly<Record<NotAHeaderReason, { code: string; message: string }>> = {
  "too-long": {
    code: "harmony.header_too_long",
    message: "a harmony header ran past its length limit without <|message|>; kept as text",
  },
  broken: {
    code: "harmony.malformed_header",
    message: "a harmony header was broken by a token no header holds; kept as text",
  },
  cut: {
    code: "harmony.cut_header",
    message: "the stream ended inside a harmony header; its markup is dropped",
  },
};

/**
 * The `harmony` reasoning parser (docs/dialects.md §1): messages on the `analysis` channel, and messages to a
 * recipient no tool dialect took, are reasoning; `final` and recipient-less `commentary` (the preamble) are text,
 * and so is text outside any message (before the first header, or after `<|end|>` where llama.cpp's
 * `--reasoning-format none` has consumed the final channel's header). Headers and end tokens are markup.
 */
export class HarmonyReasoningParser implements ReasoningParser, HarmonyEvents {
  private readonly reader = new HarmonyReader(this);
  private reasoningBody = false;

  // The output starts outside any message whatever thinking says: gpt-oss's generation prompt is
  // `<|start|>assistant`, and the model writes every channel header itself.
  constructor(
    _context: ParserContext,
    private readonly sink: SegmentSink,
  ) {}

  get inReasoning(): boolean {
    return this.reasoningBody && this.reader.inBody;
  }

  push(text: string): void {
    this.reader.push(text);
  }

  end(): void {
    this.reader.end();
  }

  flush(): void {
    this.reader.flush();
  }

  interrupt(): void {
    // A confirmed call ends the analysis message the model left without `<|end|>`.
    this.reader.leaveMessage();
    this.reasoningBody = false;
  }

  text(text: string): void {
    this.sink({ type: this.inReasoning ? "reasoning" : "text", text });
  }

  header(header: HarmonyHeader, raw: string): void {
    this.reasoningBody = isReasoningHeader(header);
    this.sink({ type: "markup", text: raw });
  }

  messageEnd(token: string): void {
    this.reasoningBody = false;
    if (token !== "") this.sink({ type: "markup", text: token });
  }

  notAHeader(raw: string, reason: NotAHeaderReason): void {
    // ` to=…` at the very start with no token after it, cut by the end: prose (" to=do: …"), not a header.
    if (reason === "cut" && !raw.startsWith("<|")) {
      this.sink({ type: "text", text: raw });
      return;
    }
    const { code, message } = WARNINGS[reason];
    this.sink({ type: "warning", code, message, raw });
    this.sink({ type: reason === "cut" ? "markup" : "text", text: raw });
  }
}
