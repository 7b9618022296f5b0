import type { IncomingMessage } from "node:http";

// Long enough for a client to finish writing and read an error answered while it was still uploading;
// short enough that a client that never stops cannot hold the socket.
const LINGER_MS = 2_000;

/**
 * A lingering close, for an error answered before the body was read (413, 529). node ends a
 * `connection: close` response with `socket.destroySoon()`, which destroys the socket as soon as the
 * answer is written; the client's upload then meets a closed socket, the kernel resets the connection,
 * and a client that writes its whole body before reading gets the reset instead of the answer. Here the
 * answer is followed by a half-close (FIN), the rest of the upload is read and dropped, and the socket
 * is destroyed once the upload ended or the time is up. Call it before the response is written.
 */
export function lingerThenClose(request: IncomingMessage): void {
  const { socket } = request;
  const close = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.destroySoon = () => {
    if (!socket.writableEnded) socket.end();
  };
  socket.once("close", () => clearTimeout(timer));
  request.on("data", () => undefined);
  request.once("end", close);
  request.once("error", close);
  request.resume();
}
