import type { SegmentSink, ToolParser, ToolParserContext } from "@sluice/core";

/**
 * The `glm45` parser. Start: every character is text. Next: a MarkerLexer over the dialect's markers
 * (see packages/tool-qwen-xml), calls as `tool-call-start` / `-delta` / `-end` with their source as
 * `markup`, values through @sluice/tool-kit's createParameterValue (strings stream live).
 */
export class Glm45ToolParser implements ToolParser {
  constructor(
    readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
  ) {}

  push(text: string): void {
    if (text.length > 0) this.sink({ type: "text", text });
  }

  end(): void {}
}
