import SonicBoom from "sonic-boom";

/** Held in memory while stderr is slower than the log; past this, lines are dropped rather than memory grown. */
export const MAX_BUFFERED_LOG_BYTES = 4 * 1024 * 1024;

// The reader is gone for good (a closed pipe, a closed descriptor): trying again would only fail again.
const GONE_FOR_GOOD = new Set(["EPIPE", "EBADF", "ECONNRESET"]);

export interface LogDestination {
  write(line: string): void;
  /** Resolves once what was written reached the descriptor, or it failed, or after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
  /** What was lost so far: each line dropped while the buffer was full, plus one per failed write (which may have held several). */
  readonly lostLines: number;
}

/**
 * The log's way to a file descriptor (stderr by default), built so that logging can never stop the
 * gateway. Writes are asynchronous (sonic-boom, `sync: false`): a slow or stalled reader blocks
 * neither the event loop nor the streams, and what waits is bounded by `MAX_BUFFERED_LOG_BYTES`.
 * A failing write (EPIPE, ENOSPC, EIO) is handled here instead of being thrown: what was pending is
 * lost, a closed reader ends logging for good, any other error lets the next line try again.
 */
export function createLogDestination(fd = 2): LogDestination {
  let lostLines = 0;
  let stream: SonicBoom | undefined;

  const open = (): SonicBoom => {
    const opened = new SonicBoom({ fd, sync: false, maxLength: MAX_BUFFERED_LOG_BYTES });
    opened.on("drop", () => {
      lostLines += 1;
    });
    opened.on("error", (error: NodeJS.ErrnoException) => {
      if (stream !== opened) return;
      lostLines += 1;
      // A failed sonic-boom keeps retrying its stale buffer first; a fresh one starts clean.
      stream = GONE_FOR_GOOD.has(error.code ?? "") ? undefined : open();
    });
    return opened;
  };
  stream = open();

  return {
    write(line) {
      stream?.write(line);
    },
    drain(timeoutMs) {
      const current = stream;
      if (current === undefined) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        // flush(cb) waits for what is buffered (and reports an error instead of throwing it).
        current.flush(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    get lostLines() {
      return lostLines;
    },
  };
}
