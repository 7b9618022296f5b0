import { createRandom } from "@sluice/core";

const WORDS = (
  "the a to of and in is that for it with as on was be by this are or from at an have not but we can will " +
  "file function value return error test call stream chunk parser buffer token model answer reason check " +
  "first then next because however result output input request response tool user should would could"
).split(" ");

/** Prose of about `bytes` characters: sentences, paragraphs, some inline markup-like text (`<b>`, `a < b`). */
export function prose(bytes: number, seed: number): string {
  const random = createRandom(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    const sentenceLength = 6 + Math.floor(random() * 14);
    const words: string[] = [];
    for (let index = 0; index < sentenceLength; index++) {
      words.push(WORDS[Math.floor(random() * WORDS.length)] as string);
    }
    let sentence = `${words.join(" ")}.`;
    const roll = random();
    if (roll < 0.05) sentence += " Compare `a < b` and <b>bold</b> markup.";
    else if (roll < 0.1) sentence += "\n\n";
    else sentence += " ";
    parts.push(sentence);
    length += sentence.length;
  }
  return parts.join("").slice(0, bytes);
}

/** A raw Qwen3 stream with thinking on: reasoning (60%), `</think>`, then the answer. */
export function qwen3ReasoningTrace(bytes: number, seed = 7): string {
  const reasoningBytes = Math.floor(bytes * 0.6);
  return `${prose(reasoningBytes, seed)}</think>\n\n${prose(bytes - reasoningBytes - 10, seed + 1)}`;
}

/** A raw Qwen3.5 stream: short reasoning, a sentence, then a qwen_xml call with a large string parameter. */
export function qwenXmlTrace(parameterBytes: number, seed = 11, reasoningBytes = 2000): string {
  const content = prose(parameterBytes, seed).replace(/\. /g, ".\n    ");
  return (
    `${prose(reasoningBytes, seed + 1)}</think>\n\nI will write the file now.\n\n<tool_call>\n<function=Write>\n` +
    `<parameter=file_path>\n/tmp/report.md\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n` +
    "</function>\n</tool_call>"
  );
}

/** Cuts text into pieces of `size` characters (the upstream's deltas). */
export function chunk(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces;
}
