import type { Readable } from "node:stream";
import type { CallGuard } from "../../src/upstream/call-guard";
import { DispatchedBody } from "../../src/upstream/dispatched-body";

/**
 * A body fed from `stream` the way undici's dispatch feeds it from a socket: each `data` is a read, `false`
 * from `take` pauses the stream until the body resumes it, and giving the request up destroys it. As undici
 * does with the request's signal, the guard's abort destroys the stream too.
 */
export function bodyFromReadable(stream: Readable, guard: CallGuard): DispatchedBody {
  const body = new DispatchedBody(
    {
      resume: () => stream.resume(),
      cancel: () => stream.destroy(),
    },
    guard,
  );
  guard.signal.addEventListener("abort", () => stream.destroy(guard.signal.reason as Error));
  stream.on("data", (chunk: Buffer) => {
    if (!body.take(chunk)) stream.pause();
  });
  stream.on("end", () => body.finish());
  stream.on("error", (error) => body.finish(error));
  return body;
}
