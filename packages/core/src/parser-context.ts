import type { ParserContext } from "./dialect";
import type { JsonSchema } from "./json-schema";

/** A per-stream context with its own call-index counter (0, 1, 2 …). */
export function createParserContext(options: {
  thinking: boolean;
  /** Where the template left the model, when known (`ParserContext.startsInReasoning`). */
  startsInReasoning?: boolean | undefined;
  tools?: ReadonlyMap<string, JsonSchema> | Iterable<readonly [string, JsonSchema]>;
}): ParserContext {
  let nextCallIndex = 0;
  return {
    thinking: options.thinking,
    startsInReasoning: options.startsInReasoning,
    tools: options.tools instanceof Map ? options.tools : new Map(options.tools ?? []),
    allocateCallIndex: () => nextCallIndex++,
  };
}
