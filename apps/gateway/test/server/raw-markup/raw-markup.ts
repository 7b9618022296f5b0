/** A tool call as the tests ask a model to write it. */
export interface RawCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, string | number>>;
}

/** How one tool dialect's family writes a call in raw `content` (one file per dialect in this folder). */
export interface RawMarkup {
  /** The tool dialect id of the registry. */
  readonly dialect: string;
  /** The calls as the family's chat template renders them, ready to follow the answer's text. */
  readonly render: (calls: readonly RawCall[]) => string;
}
