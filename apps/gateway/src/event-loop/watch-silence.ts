/** How many times per period the timer looks: its precision is a quarter of the period. */
const LOOKS = 4;

export interface SilenceWatch {
  /** Something happened: the silence counts from here. Starts the timer again after `pause()`. */
  note(): void;
  /** Silence is not counted until the next `note()`; the timer stops at its next look. */
  pause(): void;
  /** Stops the timer for good. */
  stop(): void;
}

/**
 * Calls `onSilence` after `periodMs` without a `note()`, then again every `periodMs` while the silence lasts
 * (the idle timeout, the stream's ping). `note()` is called on every read or write, so it only sets a flag:
 * one timer looks every quarter period and fires after four looks in a row saw nothing, i.e. after 1 to 1.25
 * periods of silence, never sooner. Re-arming a timer on every read and write was a measurable share of a
 * read's cost under load (docs/architecture.md §5, the load section). A watch that is paused, or forgotten
 * while paused, leaves no timer ticking. `unref`: the timer does not keep the process alive.
 */
export function watchSilence(
  periodMs: number,
  onSilence: () => void,
  options: { readonly running: boolean; readonly unref: boolean },
): SilenceWatch {
  let timer: NodeJS.Timeout | undefined;
  let counting = options.running;
  // A note since the timer last looked; how many looks in a row saw none.
  let noted = false;
  let quietLooks = 0;
  const clear = (): void => {
    clearInterval(timer);
    timer = undefined;
    quietLooks = 0;
  };
  const look = (): void => {
    if (!counting) clear();
    else if (noted) {
      noted = false;
      quietLooks = 0;
    } else if (++quietLooks >= LOOKS) {
      quietLooks = 0;
      onSilence();
    }
  };
  const start = (): void => {
    timer = setInterval(look, Math.max(1, periodMs / LOOKS));
    if (options.unref) timer.unref();
  };
  if (counting) start();
  return {
    note() {
      counting = true;
      noted = true;
      if (timer === undefined) start();
    },
    pause() {
      counting = false;
    },
    stop() {
      counting = false;
      clear();
    },
  };
}
