import { prose } from "./traces";

const FILE_PATH = "/tmp/report.md";
// MiniMax M3's namespace token: one special token before every tag of its calls.
const M3 = "]<]minimax[>[";

/** Where reasoning ends, for the families whose think tags are not `<think>`. */
const THINK_CLOSES: Readonly<Record<string, string>> = {
  minimax_m3: "</mm:think>",
  seed_oss: "</seed:think>",
  mistral: "[/THINK]",
  // Kimi K3 closes its think channel and opens the response channel.
  kimi_k3: "<|close|>think<|sep|><|open|>response<|sep|>",
  harmony: "<|end|>",
  gemma4: "<channel|>",
};
/**
 * Where reasoning starts, for the families whose model writes the opener itself (Seed-OSS, Magistral, Gemma 4;
 * gpt-oss its analysis header, the answer after its `<|end|>` being llama.cpp's `--reasoning-format none` shape).
 */
const THINK_OPENS: Readonly<Record<string, string>> = {
  seed_oss: "<seed:think>",
  mistral: "[THINK]",
  harmony: "<|channel|>analysis<|message|>",
  gemma4: "<|channel>thought\n",
};
// Gemma 4's string delimiter, a special token around every string value.
const QUOTE = '<|"|>';

/** How each family writes one Write call with a large `content` string, as its chat template renders it. */
export const WRITE_CALLS: Readonly<Record<string, (content: string) => string>> = {
  glm45: (content) =>
    `<tool_call>Write\n<arg_key>file_path</arg_key>\n<arg_value>${FILE_PATH}</arg_value>\n` +
    `<arg_key>content</arg_key>\n<arg_value>${content}</arg_value>\n</tool_call>`,
  glm47: (content) =>
    `<tool_call>Write<arg_key>file_path</arg_key><arg_value>${FILE_PATH}</arg_value>` +
    `<arg_key>content</arg_key><arg_value>${content}</arg_value></tool_call>`,
  minimax_m2: (content) =>
    `<minimax:tool_call>\n<invoke name="Write">\n<parameter name="file_path">${FILE_PATH}</parameter>\n` +
    `<parameter name="content">${content}</parameter>\n</invoke>\n</minimax:tool_call>`,
  deepseek_dsml: (content) =>
    `<｜DSML｜function_calls>\n<｜DSML｜invoke name="Write">\n` +
    `<｜DSML｜parameter name="file_path" string="true">${FILE_PATH}</｜DSML｜parameter>\n` +
    `<｜DSML｜parameter name="content" string="true">${content}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`,
  deepseek_v31: (content) =>
    `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>Write<｜tool▁sep｜>${JSON.stringify({ file_path: FILE_PATH, content })}` +
    "<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
  minimax_m3: (content) =>
    `${M3}<tool_call>\n${M3}<invoke name="Write">${M3}<file_path>${FILE_PATH}${M3}</file_path>` +
    `${M3}<content>${content}${M3}</content>${M3}</invoke>\n${M3}</tool_call>`,
  qwen_xml: (content) =>
    `<tool_call>\n<function=Write>\n<parameter=file_path>\n${FILE_PATH}\n</parameter>\n` +
    `<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`,
  seed_oss: (content) =>
    `<seed:tool_call>\n<function=Write>\n<parameter=file_path>\n${FILE_PATH}\n</parameter>\n` +
    `<parameter=content>\n${content}\n</parameter>\n</function>\n</seed:tool_call>`,
  mistral: (content) => `[TOOL_CALLS]Write[ARGS]${JSON.stringify({ file_path: FILE_PATH, content })}`,
  // Kimi K3 (Kimi-K3.jinja's render_assistant): the response channel's close, then a tools channel of typed arguments.
  kimi_k3: (content) =>
    `<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="Write" index="1"<|sep|>` +
    `<|open|>argument key="file_path" type="string"<|sep|>${FILE_PATH}<|close|>argument<|sep|>` +
    `<|open|>argument key="content" type="string"<|sep|>${content}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
  harmony: (content) =>
    "<|start|>assistant<|channel|>commentary to=functions.Write <|constrain|>json<|message|>" +
    `${JSON.stringify({ file_path: FILE_PATH, content })}<|call|>`,
  gemma4: (content) =>
    `<|tool_call>call:Write{content:${QUOTE}${content}${QUOTE},file_path:${QUOTE}${FILE_PATH}${QUOTE}}<tool_call|>`,
  kimi_k2: (content) =>
    `<|tool_calls_section_begin|><|tool_call_begin|>functions.Write:0<|tool_call_argument_begin|>` +
    `${JSON.stringify({ file_path: FILE_PATH, content })}<|tool_call_end|><|tool_calls_section_end|>`,
};

/**
 * About `bytes` of a raw stream in a family's markup: some reasoning, its close (`</think>`), a sentence, then Write
 * calls whose `content` string is up to 512 KiB each, repeated to reach the size (the tool parser's worst
 * case: one huge string value streamed live).
 */
export function dialectTrace(dialect: string, bytes: number, seed = 13): string {
  const writeCall = WRITE_CALLS[dialect];
  if (writeCall === undefined) throw new Error(`no trace for ${dialect}`);
  const content = prose(Math.min(512 * 1024, bytes - 1024), seed).replace(/\. /g, ".\n    ");
  const call = writeCall(content);
  const calls: string[] = [];
  for (let size = 0; size < bytes - 1024; size += call.length) calls.push(call);
  const thinkClose = THINK_CLOSES[dialect] ?? "</think>";
  const thinkOpen = THINK_OPENS[dialect] ?? "";
  return `${thinkOpen}${prose(1000, seed + 1)}${thinkClose}\n\nI will write the file now.\n\n${calls.join("\n")}`;
}
