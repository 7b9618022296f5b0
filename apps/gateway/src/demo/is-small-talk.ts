/**
 * Words of greetings, thanks and chit-chat ("hello there", "thanks!", "how are you?", "who are you").
 * `warmup` is the message Claude Code sends its subagents at start-up: nothing to act on either.
 */
const SMALL_TALK_WORDS = new Set(
  [
    "hello hi hey heya hiya howdy yo sup greetings morning afternoon evening night day good",
    "there all everyone everybody folks friend friends mate buddy team claude sluice demo model bot assistant",
    "thanks thank you thx ty tysm cheers much so very lot a welcome please sorry",
    "bye goodbye see ya later cya",
    "how are is it going doing hows whats what up who can do me your name",
    "ok okay k kk cool great nice awesome perfect sure yes yeah yep no nope alright fine well done",
    "lol haha wow warmup",
  ]
    .join(" ")
    .split(" "),
);

/** At most this many words: a longer message is a request even when every word is friendly. */
const MAX_WORDS = 8;

/** A greeting or small talk, which a model answers with words, not a tool call. */
export function isSmallTalk(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words.length <= MAX_WORDS && words.every((word) => SMALL_TALK_WORDS.has(word));
}
