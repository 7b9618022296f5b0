/** The upstream model of the recorded raw Qwen3.5 answer. */
export const QWEN_MODEL = "Qwen/Qwen3.5-122B-A10B";

/**
 * The load run's sluice.yaml: `qwen3.5` (every `claude-*` name) streams the recording; `endless` writes
 * as fast as it is read and `slow-endless` one chunk a token, both forever; `long` writes a long answer.
 */
export function loadConfig(baseUrl: string): string {
  const upstream = (model: string): string =>
    `    upstream:\n      base_url: ${baseUrl}\n      model: ${model}`;
  return [
    "models:",
    "  - name: qwen3.5",
    '    aliases: ["claude-*"]',
    "    preset: qwen3.5",
    upstream(QWEN_MODEL),
    "  - name: endless",
    "    preset: qwen3.5",
    upstream("endless"),
    "  - name: slow-endless",
    "    preset: qwen3.5",
    upstream("slow-endless"),
    "  - name: long",
    "    preset: qwen3.5",
    upstream("long"),
  ]
    .join("\n")
    .concat("\n");
}
