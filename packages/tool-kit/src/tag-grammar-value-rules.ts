import { decideMadeUpKey, type MadeUpKeyTags } from "./decide-made-up-key";
import type { ValueTag, ValueTagRules } from "./decide-value-tag";
import type { Follow, Follower } from "./match-follow";
import type { NameMatch } from "./read-name";
import { skipWhitespace } from "./skip-whitespace";
import type { TagCallGrammar } from "./tag-call-grammar";

/** What decideValueTag asks of the open call (TaggedCallWriter has them). */
export interface OpenParameters {
  /** Whether a parameter tag naming `name` may start the next parameter with no close before it (in the schema, new). */
  readonly isStructural: (name: string) => boolean;
  /** Whether `name` is not yet given: after a real close, such a parameter tag is a boundary. */
  readonly isNewParameter: (name: string) => boolean;
  /** Whether `name` is not yet given and the schema, which names other parameters, does not name it. */
  readonly isMadeUp: (name: string) => boolean;
}

/**
 * A TagCallGrammar's value tags for decideValueTag, for one parser's open call: each marker met in a value as its
 * tag, and what may follow each close. Built once per parser, since matchFollow runs on every closing candidate.
 */
export class TagGrammarValueRules implements ValueTagRules {
  readonly afterValueClose: readonly Follower[];
  readonly afterCallClose: readonly Follower[];
  readonly afterBlockClose: readonly Follower[];
  readonly maxWhitespace: number;
  readonly blocksNestParameters = false;
  readonly isStructural: (name: string) => boolean;
  readonly readParameterName: (buffer: string, from: number, final: boolean) => NameMatch;
  undecided: string | undefined;

  constructor(
    readonly grammar: TagCallGrammar,
    private readonly call: OpenParameters,
  ) {
    this.afterCallClose = grammar.callCloseFollowers;
    this.afterBlockClose = grammar.blockCloseFollowers;
    this.maxWhitespace = grammar.maxWhitespace;
    this.isStructural = call.isStructural;
    this.readParameterName = grammar.readParameterName;
    // A value's close closes before a new parameter: one the schema names, or one it does not whose own value
    // closes cleanly (a made-up key); a made-up one whose value holds a close that closes nothing structural
    // was markup quoted in this value (decideMadeUpKey, bounded by maxMadeUpLookahead).
    this.afterValueClose = [
      ...grammar.valueCloseFollowers,
      {
        marker: grammar.parameterTag,
        decide: (buffer, at, final): Follow => {
          const name = grammar.readParameterName(buffer, at + grammar.parameterTag.length, final);
          if (name.kind === "hold") return "hold";
          if (name.kind !== "name" || !call.isNewParameter(name.name)) return "literal";
          if (!call.isMadeUp(name.name)) return "close";
          const start = this.madeUpValueStart(buffer, name.end, final);
          if (start === "hold") return "hold";
          // No value after the name: not a quotation of one, so a key (as without the look-ahead).
          if (start === "none") return "close";
          const made = decideMadeUpKey(buffer, start, final, this.madeUpKeyTags(name.name));
          if (made === "undecided") this.undecided = name.name;
          return made === "hold" ? "hold" : made === "quoted" ? "literal" : "close";
        },
      },
    ];
  }

  /** The marker met in a value as its tag; `literal` when it is no tag (a drift too long), `hold` while undecided. */
  tagAt(marker: string, buffer: string, index: number, final: boolean): ValueTag | "hold" | "literal" {
    const { grammar } = this;
    const end = index + marker.length;
    switch (marker) {
      case grammar.blockOpen:
        return { role: "block-open", end };
      case grammar.callOpen:
        return { role: "call-open", end };
      case grammar.valueTag ?? grammar.parameterTag:
        // Without a value tag, the parameter tag opens values: it may also be the next parameter.
        return { role: "value-open", end, nameAt: grammar.valueTag === undefined ? end : undefined };
      case grammar.callClose:
        return { role: "call-close", end };
      case grammar.blockClose:
        return { role: "block-close", end };
    }
    if (grammar.readValueClose === undefined) return { role: "value-close", end };
    const close = grammar.readValueClose(buffer, index, final);
    if (close.kind === "tag") return { role: "value-close", end: close.end, exact: close.exact };
    return close.kind === "hold" ? "hold" : "literal";
  }

  /** Where a made-up parameter's value starts: after its tag, or after the value tag that follows it. */
  private madeUpValueStart(buffer: string, nameEnd: number, final: boolean): number | "hold" | "none" {
    const { valueTag, maxWhitespace } = this.grammar;
    if (valueTag === undefined) return nameEnd;
    const open = skipWhitespace(buffer, nameEnd, maxWhitespace);
    if (open !== -1 && !final && valueTag.startsWith(buffer.slice(open))) return "hold";
    if (open === -1 || !buffer.startsWith(valueTag, open)) return "none";
    return open + valueTag.length;
  }

  /** The look-ahead's tags: after made-up Q's close, what closes a value, or another new parameter than Q. */
  private madeUpKeyTags(madeUp: string): MadeUpKeyTags {
    const { grammar, call } = this;
    const { parameterTag, readValueClose, valueClose } = grammar;
    return {
      closePrefix: valueClose,
      readClose:
        readValueClose === undefined
          ? (_buffer, index) => index + valueClose.length
          : (buffer, index, final) => {
              const tag = readValueClose(buffer, index, final);
              return tag.kind === "tag" ? tag.end : tag.kind;
            },
      opener: grammar.valueTag ?? parameterTag,
      followers: [
        ...grammar.valueCloseFollowers,
        {
          marker: parameterTag,
          decide: (buffer, at, final): Follow => {
            const name = grammar.readParameterName(buffer, at + parameterTag.length, final);
            if (name.kind === "hold") return "hold";
            return name.kind === "name" && name.name !== madeUp && call.isNewParameter(name.name)
              ? "close"
              : "literal";
          },
        },
      ],
      maxWhitespace: grammar.maxWhitespace,
      maxLookahead: grammar.maxMadeUpLookahead,
    };
  }
}
