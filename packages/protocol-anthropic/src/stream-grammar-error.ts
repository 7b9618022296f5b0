/** An event sequence that breaks the Messages stream grammar (docs/architecture.md I1, I2): a bug in the producer. */
export class StreamGrammarError extends Error {
  override readonly name = "StreamGrammarError";
}
