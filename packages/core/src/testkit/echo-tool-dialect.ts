import type { ToolDialect, ToolParser, ToolParserContext } from "../dialect";
import { HOLD, MarkerLexer } from "../marker-lexer";
import { createMarkerSet } from "../marker-set";
import type { SegmentSink } from "../segment";

const TOOL_CALL = "<tool_call>";
const FUNCTION = "<function=";
const MARKERS = createMarkerSet([TOOL_CALL]);

/**
 * A test double for reasoning tests: it confirms a call exactly where qwen_xml would
 * (`<tool_call>`, optional whitespace, `<function=`), reports an empty call so that the segmenter
 * ends an open reasoning span, and then echoes the rest of the stream as text. This is how the
 * peers' reasoning fixtures see tool markup: as content after the reasoning.
 */
export function echoToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "echo",
    aliases: [],
    description: "test double: confirms a qwen_xml-style call start, then echoes the rest",
    markers: [TOOL_CALL],
    createParser: (context: ToolParserContext, sink: SegmentSink): ToolParser => {
      let echoing = false;
      const lexer = new MarkerLexer(
        {
          text: (text) => sink({ type: "text", text }),
          marker: (marker, buffer, index, final) => {
            let at = index + marker.length;
            while (at < buffer.length && /\s/.test(buffer[at] as string)) at++;
            const rest = buffer.slice(at, at + FUNCTION.length);
            if (rest.length < FUNCTION.length && FUNCTION.startsWith(rest) && !final) return HOLD;
            if (rest !== FUNCTION || context.callStartPolicy() === "none") {
              sink({ type: "text", text: marker });
              return index + marker.length;
            }
            const callIndex = context.allocateCallIndex();
            sink({ type: "tool-call-start", callIndex, name: "echo" });
            sink({ type: "tool-call-delta", callIndex, argumentsJson: "{}" });
            sink({ type: "tool-call-end", callIndex });
            echoing = true;
            lexer.markers = createMarkerSet([]);
            sink({ type: "text", text: marker });
            return index + marker.length;
          },
        },
        MARKERS,
      );
      return {
        push: (text) => (echoing ? sink({ type: "text", text }) : lexer.push(text)),
        end: () => lexer.end(),
      };
    },
  };
}
