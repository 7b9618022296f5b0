import { CHANNEL, CONSTRAIN, START } from "./harmony-tokens";

/** What a harmony message header says (docs/dialects.md §1 `harmony`). */
export interface HarmonyHeader {
  /** `analysis`, `commentary`, `final`, …; undefined when the header names none. */
  readonly channel: string | undefined;
  /**
   * `functions.NAME`, `python`, `browser.search`; undefined when none, or `assistant` (gpt-oss-20b's stray
   * `<|channel|>commentary to=assistant` before a real channel, llama.cpp PR #21286: the model addressing itself).
   */
  readonly recipient: string | undefined;
  /** `json` from `<|constrain|>json` or the template's bare ` json`; undefined when none. */
  readonly contentType: string | undefined;
}

const FUNCTIONS = "functions.";

/**
 * Reads a complete header's source, `raw` being everything from its first marker up to (not including)
 * `<|message|>`: `<|start|>assistant to=functions.f<|channel|>commentary <|constrain|>json`,
 * `<|channel|>analysis to=functions.f json`, ` to=functions.f<|channel|>commentary`. Runs once per header, over
 * at most MAX_HEADER_LENGTH characters. The last channel wins (a stray `<|channel|>commentary` may precede the
 * real one); the recipient may sit in the role or after the channel.
 */
export function parseHarmonyHeader(raw: string): HarmonyHeader {
  let channel: string | undefined;
  let recipient: string | undefined;
  let contentType: string | undefined;
  // The header's words between its tokens: role, `to=R`, channel names, content types.
  let expect: "role" | "channel" | "type" | "word" = raw.startsWith(START) ? "role" : "word";
  for (const piece of raw.split(/(<\|[a-z]+\|>)/)) {
    if (piece === START) expect = "role";
    else if (piece === CHANNEL) expect = "channel";
    else if (piece === CONSTRAIN) expect = "type";
    else {
      for (const word of piece.split(/\s+/)) {
        if (word === "") continue;
        if (word.startsWith("to=")) {
          const to = word.slice(3);
          if (to !== "" && to !== "assistant") recipient = to;
        } else if (expect === "channel") channel = word;
        else if (expect === "type" || expect === "word") contentType = word;
        // Past the role's or the channel's name, a bare word is a content type (`commentary json`).
        expect = "word";
      }
    }
  }
  return { channel, recipient, contentType };
}

/** The function a header addresses (`functions.NAME` → `NAME`), or undefined: no recipient, or a builtin tool. */
export function functionNameOf(header: HarmonyHeader): string | undefined {
  const { recipient } = header;
  if (recipient === undefined || !recipient.startsWith(FUNCTIONS)) return undefined;
  const name = recipient.slice(FUNCTIONS.length);
  return name === "" ? undefined : name;
}

/**
 * Whether a message is the model's own thinking: the analysis channel, or any message addressed to a tool the tool
 * dialect did not take as a call (a builtin `python` or `browser.search`, or every call when no tool dialect runs):
 * only `final` and recipient-less `commentary` (the preamble) are written for the user.
 */
export function isReasoningHeader(header: HarmonyHeader): boolean {
  return header.channel === "analysis" || header.recipient !== undefined;
}
