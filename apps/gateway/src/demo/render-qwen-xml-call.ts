/** A call in Qwen3.5's `qwen_xml` format (docs/dialects.md §2): raw values, strings unquoted, the rest as JSON. */
export function renderQwenXmlCall(name: string, parameters: ReadonlyMap<string, unknown>): string {
  let text = `<tool_call>\n<function=${name}>\n`;
  for (const [parameter, value] of parameters) {
    const rendered = typeof value === "string" ? value : JSON.stringify(value);
    text += `<parameter=${parameter}>\n${rendered}\n</parameter>\n`;
  }
  return `${text}</function>\n</tool_call>`;
}
