const ignore = (): void => undefined;

/**
 * A reader of stdout or stderr that went away (EPIPE: `sluice serve | head -1`, a closed terminal) must
 * not take the gateway down with an unhandled 'error' event: what is printed then is lost, serving goes on.
 */
export function guardStandardStreams(): void {
  // Once per process: tests run the CLI many times in one, and each would add a listener.
  if (process.stdout.listeners("error").includes(ignore)) return;
  process.stdout.on("error", ignore);
  process.stderr.on("error", ignore);
}
