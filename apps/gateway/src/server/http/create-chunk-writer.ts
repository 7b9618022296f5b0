import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { atTurnEnd, type TurnTask } from "../../event-loop/at-turn-end";

export interface ChunkWriter {
  /**
   * Writes `text` as one HTTP chunk, at the turn's end with the others; a promise, when there is one, waits for
   * `drain`. Once the client has gone it writes nothing.
   */
  write(text: string): Promise<void> | undefined;
  /** The client cannot take more until `drain`: a ping is not queued behind it. */
  needsDrain(): boolean;
  destroyed(): boolean;
  end(): void;
}

const CRLF = "\r\n";

/**
 * A streamed 200 whose body chunks go straight to the socket, framed here (docs/architecture.md §5, the load
 * section). `ServerResponse.write` frames each chunk as four writes (size, CRLF, data, CRLF) corked until
 * the next tick and sent by `writev`: at one token a read that is a tenth of the gateway's CPU per token.
 * Here a turn's writes are one chunk, size line and all, written once at the turn's end.
 *
 * Only once the response owns the socket and is chunked by our own header: the first write goes through
 * `ServerResponse` (it sends the head with it), and `end()` too (the last chunk, `0\r\n\r\n`), so node's
 * HTTP state (keep-alive, the next request on the connection) stays its own. An HTTP/1.0 client cannot take
 * chunks: it is written through `ServerResponse`, which ends the body by closing the connection.
 */
export function createChunkWriter(
  request: IncomingMessage,
  response: ServerResponse,
  headers: OutgoingHttpHeaders,
): ChunkWriter {
  const chunked =
    request.httpVersionMajor > 1 || (request.httpVersionMajor === 1 && request.httpVersionMinor >= 1);
  response.writeHead(200, chunked ? { ...headers, "transfer-encoding": "chunked" } : headers);
  let socket: Socket | null = null;
  // This turn's writes, sent at its end (at-turn-end.ts) as ONE chunk in one socket write. Kept as text and
  // encoded once, straight into the frame: no Buffer per write and no second copy.
  const pieces: string[] = [];
  let pieceBytes = 0;
  let queued = false;
  let ended = false;
  const flush = (): boolean => {
    if (socket === null || pieces.length === 0 || socket.destroyed) {
      pieces.length = 0;
      pieceBytes = 0;
      return true;
    }
    const size = pieceBytes.toString(16);
    const frame = Buffer.allocUnsafe(size.length + pieceBytes + 4);
    let offset = frame.write(size + CRLF, 0, "latin1");
    for (const piece of pieces) offset += frame.write(piece, offset, "utf8");
    frame.write(CRLF, offset, "latin1");
    pieces.length = 0;
    pieceBytes = 0;
    return socket.write(frame);
  };
  const flushing: TurnTask = {
    runAtTurnEnd() {
      queued = false;
      flush();
    },
  };

  const viaResponse = (text: string): Promise<void> | undefined => {
    if (response.destroyed || response.writableEnded) return undefined;
    const taken = response.write(Buffer.from(text, "utf8"));
    // The head is out with that first chunk; from now on this response's bytes are the socket's next bytes.
    if (chunked && response.socket !== null) socket = response.socket;
    return taken ? undefined : waitForDrain(response, response);
  };

  return {
    write(text) {
      if (socket === null) return viaResponse(text);
      // After the end the socket may already carry the next request's response: nothing more goes to it.
      if (socket.destroyed || ended) return undefined;
      pieces.push(text);
      pieceBytes += Buffer.byteLength(text, "utf8");
      // A turn's worth is written at once, and a large one now: what waits in memory stays small.
      if (pieceBytes >= socket.writableHighWaterMark)
        return flush() ? undefined : waitForDrain(socket, response);
      if (!queued) {
        queued = true;
        atTurnEnd("writes", flushing);
      }
      // The socket's own state says whether the client keeps up: a full buffer waits for `drain` as before.
      return socket.writableNeedDrain ? waitForDrain(socket, response) : undefined;
    },
    // Methods, not getters: an object literal with a getter is a slow (dictionary-mode) object in V8.
    needsDrain() {
      return socket === null ? response.writableNeedDrain : socket.writableNeedDrain;
    },
    destroyed() {
      return response.destroyed || socket?.destroyed === true;
    },
    end() {
      flush();
      ended = true;
      if (!response.destroyed) response.end();
    },
  };
}

/** Resolves when the writer can take more (`drain`) or never will (`close`: the client went away). */
function waitForDrain(target: ServerResponse | Socket, response: ServerResponse): Promise<void> {
  if (response.destroyed || target.destroyed || !target.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      target.off("drain", done);
      response.off("close", done);
      resolve();
    };
    target.on("drain", done);
    response.on("close", done);
  });
}
