/** A model's context window as the gateway knows it: the prompt and the output together must fit in it. */
export interface ContextWindow {
  readonly tokens: number;
  /**
   * Where the number comes from, as `sluice check`, the start summary and the log say it (never a URL's
   * query or a key): `max_model_len in /v1/models`, `context_window in the config`, …
   */
  readonly source: string;
}
