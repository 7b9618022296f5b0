import type { ContextWindow } from "../../upstream/context-window";

/**
 * What the gateway knows of one served model's context window (docs/config.md, "The context window"):
 * `context_window` from the config, else what its server reported when asked (at start and on each
 * reload), else what a refusal of the server stated. Until then (and for a server that never says)
 * it is undefined, and requests go as they did before the gateway knew windows.
 */
export interface ModelWindow {
  /** The window now. Never waits: a request that arrives while the server is being asked gets undefined. */
  current(): ContextWindow | undefined;
  /** The window once the asking is over (at once when nothing is asked). */
  settled(): Promise<ContextWindow | undefined>;
  /** Asks the server, once; a configured window is kept, and the server is not asked. */
  learn(ask: () => Promise<ContextWindow | undefined>): void;
  /**
   * A refusal stated the server's window: it is what holds now, unless a smaller one is known (replicas
   * may differ) or the window is configured.
   */
  noteStated(tokens: number): void;
}

/** `context_window` as set in the config. */
export function configuredWindow(tokens: number): ContextWindow {
  return { tokens, source: "context_window in the config" };
}

export function createModelWindow(configured: number | undefined): ModelWindow {
  let window = configured === undefined ? undefined : configuredWindow(configured);
  let asking: Promise<ContextWindow | undefined> | undefined;
  return {
    current: () => window,
    settled: () => asking ?? Promise.resolve(window),
    learn(ask) {
      if (configured !== undefined || asking !== undefined) return;
      asking = ask().then(
        (learned) => {
          // A refusal may have stated one meanwhile; the smaller holds.
          if (learned !== undefined && (window === undefined || learned.tokens < window.tokens))
            window = learned;
          return window;
        },
        () => window,
      );
    },
    noteStated(tokens) {
      if (configured !== undefined || (window !== undefined && window.tokens <= tokens)) return;
      window = { tokens, source: "stated by the server when it refused an output budget" };
    },
  };
}
