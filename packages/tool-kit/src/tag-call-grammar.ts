import type { Follower } from "./match-follow";
import type { ValueNewlines } from "./parameter-value";
import type { NameMatch } from "./read-name";

/** What a call-start marker turned out to be. */
export type CallStartMatch =
  | { readonly kind: "hold" }
  /** Not a call: the marker is text, and scanning goes on right after it. */
  | { readonly kind: "text" }
  /** A call of `name`; its opening is `buffer[index..end)`. */
  | { readonly kind: "call"; readonly name: string; readonly end: number };

/** One way a call starts: its marker and how what follows confirms it. */
export interface CallStartForm {
  readonly marker: string;
  /**
   * `explicit`: accepted unless the call-start policy is `none` (a wrapper, which ends reasoning); `content`:
   * only under `all`, and only at the start of a line when `lineStart` (qwen_xml's bare `<function=`).
   */
  readonly accepted: "explicit" | "content";
  readonly lineStart?: boolean;
  /** Reads the opening at `buffer[index]` (the marker) on; bounded: it answers `text` rather than hold past its limits. */
  readonly match: (buffer: string, index: number, final: boolean) => CallStartMatch;
}

/** A drifted close tag (`</parameter1>`): where it ends, and whether it was the tag itself. */
export type ValueCloseMatch =
  | { readonly kind: "hold" }
  | { readonly kind: "none" }
  | { readonly kind: "tag"; readonly end: number; readonly exact: boolean };

/** The warning a call gets when it ends without its own close tag. */
export interface MissingCallClose {
  readonly code: string;
  readonly message: string;
  readonly raw: string;
}

/**
 * A tool-call format whose calls and parameters are delimited by tags (docs/dialects.md §2, §3: `qwen_xml`,
 * `minimax_m2`, `glm45` / `glm47`): `[BLOCK_OPEN] CALL_OPEN name PARAMETER… CALL_CLOSE [BLOCK_CLOSE]`, each
 * parameter `PARAMETER_TAG name [VALUE_TAG] value VALUE_CLOSE`. Every tag is a marker the lexer finds by itself;
 * TagCallParser reads the calls, decideValueTag decides the tags met inside a value.
 */
export interface TagCallGrammar {
  /** The dialect id its warning codes start with (`qwen_xml.unclosed_parameter`). */
  readonly dialect: string;
  /** How the text around a value is read (one newline each side, or every character). */
  readonly newlines: ValueNewlines;
  /** Longest whitespace run held between a tag and what decides it. */
  readonly maxWhitespace: number;
  /** How much of a made-up parameter's value is read ahead to tell a key from quoted markup (decideMadeUpKey). */
  readonly maxMadeUpLookahead: number;

  /** Outside calls: the forms that start one. */
  readonly starts: readonly CallStartForm[];
  /** Right after a call's own close: the forms that start the next one (several calls in one block). */
  readonly startsAfterCall: readonly CallStartForm[];
  /**
   * Between the parameters of a call: a start form there ends the call, which had no close (a warning),
   * and starts the next one.
   */
  readonly restart?: CallStartForm | undefined;

  /** Starts a parameter (`<parameter=`, `<parameter name=`, `<arg_key>`). */
  readonly parameterTag: string;
  /** Reads the parameter's name after its tag, up to the end of the tag (its `end`). */
  readonly readParameterName: (buffer: string, from: number, final: boolean) => NameMatch;
  /**
   * Opens the value after the parameter tag named it (GLM's `<arg_value>`); absent: the value starts right after
   * the parameter tag, and that tag is also the literal opener values nest.
   */
  readonly valueTag?: string | undefined;
  /** Closes a value (`</parameter>`), or the prefix of its drifted forms when `readValueClose` reads them. */
  readonly valueClose: string;
  /** Reads the close at `buffer[index]` when it may drift (qwen_xml's `</parameter1>`); absent: the marker. */
  readonly readValueClose?: ((buffer: string, index: number, final: boolean) => ValueCloseMatch) | undefined;
  /** How a value's close is named in warnings (`</parameter>`). */
  readonly valueCloseName: string;
  /** How values and their names are named in warnings: `unclosed_parameter` / `undecided_parameter`. */
  readonly valueWord: string;
  readonly keyWord: string;
  readonly callOpen: string;
  readonly callClose: string;
  /** The wrapper around calls, when the format has one besides the call's tags (`<tool_call>` around `<function=`). */
  readonly blockOpen?: string | undefined;
  readonly blockClose?: string | undefined;

  /** After a value's close (and whitespace), besides a new parameter, what makes it close: `</function>` … */
  readonly valueCloseFollowers: readonly Follower[];
  /** After a call's close met inside a value with no value close before it. */
  readonly callCloseFollowers: readonly Follower[];
  /** After the block's close met inside a value with neither close before it. */
  readonly blockCloseFollowers: readonly Follower[];

  /** The call had no close: ended by `endedBy` (the block's close, or the opening `source` of the next call). */
  readonly missingCallClose: (callName: string, endedBy: string, source: string) => MissingCallClose;
  /**
   * Whether a value with no close that the block's close ends also says the call had none. qwen_xml says only
   * the unclosed parameter there (its `</tool_call>` closes what is open), minimax_m2 says both.
   */
  readonly missingCallCloseAfterValue: boolean;
}
