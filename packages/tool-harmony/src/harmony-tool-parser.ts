import { isJsonWhitespace, type SegmentSink, type ToolParser, type ToolParserContext } from "@sluice/core";
import {
  functionNameOf,
  type HarmonyEvents,
  type HarmonyHeader,
  HarmonyReader,
  type NotAHeaderReason,
} from "@sluice/reasoning-harmony";
import { isAllWhitespace, type JsonArgumentsOutcome, JsonArgumentsStream } from "@sluice/tool-kit";
import { MAX_TRAILING_RAW, MAX_WHITESPACE_BEFORE_ARGUMENTS } from "./harmony-tool-limits";

/** A header to `functions.NAME` read, its body not yet shown to be a JSON object. */
interface PendingCall {
  readonly kind: "pending";
  readonly name: string;
  /** The header and the whitespace after it. */
  source: string;
  whitespace: number;
}

/** A call whose arguments are streaming. */
interface OpenCall {
  readonly kind: "call";
  readonly name: string;
  readonly callIndex: number;
  readonly stream: JsonArgumentsStream;
  /** Text after the object closed (the template's whitespace, or what the call cannot use). */
  trailing: string;
}

type CallState = { readonly kind: "none" } | PendingCall | OpenCall;

const NONE: CallState = { kind: "none" };
const OPEN_BRACE = 123;

/**
 * The `harmony` tool parser (docs/dialects.md §3): a message addressed to `functions.NAME`, on any channel and with
 * its recipient in the role or after the channel, is a call once the first character of its body past whitespace is
 * `{`; its JSON arguments stream live (tool-kit's JsonArgumentsStream) to `<|call|>` (or `<|end|>`, `<|return|>`,
 * the next header, the end of the stream). The call's header, body and end token are markup. Everything else
 * (other messages with their headers and end tokens, text outside messages, headers that are none) passes on
 * verbatim as text, for the `harmony` reasoning dialect to read the channels of.
 */
export class HarmonyToolParser implements ToolParser, HarmonyEvents {
  private readonly reader = new HarmonyReader(this);
  private state: CallState = NONE;

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
  ) {}

  push(text: string): void {
    this.reader.push(text);
  }

  end(): void {
    this.reader.end();
    this.messageEnd("");
  }

  text(text: string): void {
    const state = this.state;
    if (state.kind === "none") this.sink({ type: "text", text });
    else if (state.kind === "pending") this.pendingText(state, text);
    else this.argumentsText(state, text);
  }

  header(header: HarmonyHeader, raw: string): void {
    const name = functionNameOf(header);
    // A reasoning span a call may not end (another family's reasoning dialect in front) keeps it as text.
    if (name === undefined || this.context.callStartPolicy() === "none")
      this.sink({ type: "text", text: raw });
    else this.state = { kind: "pending", name, source: raw, whitespace: 0 };
  }

  messageEnd(token: string): void {
    const state = this.state;
    this.state = NONE;
    if (state.kind === "call") this.endCall(state, token);
    else if (state.kind === "pending" && token !== "") {
      // `…<|message|><|call|>`: a call without arguments, `{}`.
      const callIndex = this.context.allocateCallIndex();
      this.sink({ type: "markup", text: state.source });
      this.sink({ type: "tool-call-start", callIndex, name: state.name });
      this.sink({ type: "tool-call-delta", callIndex, argumentsJson: "{}" });
      this.sink({ type: "tool-call-end", callIndex });
      this.sink({ type: "markup", text: token });
    } else {
      // Not a call, or a header the next one (or the end of the stream) left without a body: the model's text.
      if (state.kind === "pending") this.sink({ type: "text", text: state.source });
      if (token !== "") this.sink({ type: "text", text: token });
    }
  }

  notAHeader(raw: string, _reason: NotAHeaderReason): void {
    // Not a call: the reasoning dialect reads it again (and warns) as the model's text.
    this.text(raw);
  }

  private pendingText(state: PendingCall, text: string): void {
    let at = 0;
    while (at < text.length && isJsonWhitespace(text.charCodeAt(at))) at++;
    state.whitespace += at;
    const fits = state.whitespace <= MAX_WHITESPACE_BEFORE_ARGUMENTS;
    if (at === text.length && fits) {
      state.source += text;
      return;
    }
    if (!fits || text.charCodeAt(at) !== OPEN_BRACE) {
      // A message to a function whose body is no JSON object: text, as the model wrote it.
      this.state = NONE;
      this.sink({ type: "text", text: state.source + text });
      return;
    }
    const callIndex = this.context.allocateCallIndex();
    this.sink({ type: "markup", text: state.source + text.slice(0, at) });
    this.sink({ type: "tool-call-start", callIndex, name: state.name });
    const stream = new JsonArgumentsStream((argumentsJson) =>
      this.sink({ type: "tool-call-delta", callIndex, argumentsJson }),
    );
    const call: OpenCall = { kind: "call", name: state.name, callIndex, stream, trailing: "" };
    this.state = call;
    this.argumentsText(call, text.slice(at));
  }

  private argumentsText(call: OpenCall, text: string): void {
    const { stream } = call;
    if (stream.status === "streaming") {
      const stop = stream.push(text);
      if (stop === text.length) return;
      text = text.slice(stop);
    }
    if (stream.status === "loose") stream.append(text);
    else this.trailingText(call, text);
  }

  /** After the object's closing brace: the template's whitespace, or text the call cannot use. */
  private trailingText(call: OpenCall, text: string): void {
    call.trailing += text;
  }

  private endCall(call: OpenCall, token: string): void {
    const { callIndex, stream } = call;
    const outcome = stream.finish();
    this.warnOutcome(call, outcome);
    if (!isAllWhitespace(call.trailing))
      this.warn(
        "text_after_arguments",
        `call ${JSON.stringify(call.name)}: text after its arguments' object is not part of the call; dropped`,
        call.trailing.slice(0, MAX_TRAILING_RAW),
      );
    // The call's whole source is markup: its arguments went out as deltas.
    this.sink({ type: "markup", text: stream.source + call.trailing + token });
    this.sink(
      outcome.kind === "cut"
        ? { type: "tool-call-end", callIndex, cut: true }
        : { type: "tool-call-end", callIndex },
    );
  }

  private warnOutcome(call: OpenCall, outcome: JsonArgumentsOutcome): void {
    const name = `call ${JSON.stringify(call.name)}`;
    if (outcome.kind === "repaired") {
      this.warn(
        "repaired_arguments",
        `${name}: the arguments were not strict JSON; repaired`,
        call.stream.source,
      );
      if (outcome.more.length + outcome.dropped > 0)
        this.warn(
          "text_after_arguments",
          `${name}: its body held more than one JSON value; only the first is the call's arguments`,
          call.stream.source,
        );
    } else if (outcome.kind === "cut") {
      // docs/dialects.md §2: a call the stream cut is never closed by a guess.
      const code = outcome.reason === "truncated" ? "truncated_arguments" : "malformed_arguments";
      this.warn(code, `${name}: ${outcome.detail}; the call is cut and not run`, call.stream.source);
    }
  }

  private warn(code: string, message: string, raw: string): void {
    this.sink({ type: "warning", code: `harmony.${code}`, message, raw });
  }
}
