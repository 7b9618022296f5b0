import { StringDecoder } from "node:string_decoder";
import { createParser, type ParseError } from "eventsource-parser";
import { ChunkTemplateCache, NO_DELTA } from "./chunk-template-cache";
import { decodeJsonBody } from "./decode-json-body";
import { INVALID_UPSTREAM_CHUNK, notJsonError } from "./invalid-upstream-chunk";
import { isJsonRecord } from "./is-json-record";
import { narrowChunk } from "./narrow-chunk";
import type { UpstreamDelta, UpstreamError } from "./upstream-delta";
import { upstreamErrorFrom } from "./upstream-error-from";

export interface UpstreamDecoder {
  /** The next piece of the body: any split, including inside a multi-byte UTF-8 char or a line. */
  push(bytes: Uint8Array | string): void;
  /** The body ended: flushes (a final event without a blank line counts). Later calls do nothing. */
  end(): void;
}

export interface UpstreamDecoderOptions {
  /**
   * The most characters held for one SSE event (or a whole JSON answer); past it the decoder reports
   * an error and ignores the rest of the body. Default 16 Mi: a server that buffers a tool call
   * sends it in one line (docs/protocol.md B3), so the cap is generous, but it is a cap.
   */
  readonly maxBufferLength?: number;
}

const DONE = "[DONE]";
const DATA_PREFIX = "data: ";
const LINE_FEED = 10;
const OPEN_BRACE = 123;
const BODY_SAMPLE_LENGTH = 200;
const DEFAULT_MAX_BUFFER_LENGTH = 16 * 1024 * 1024;

/**
 * Decodes an upstream `/v1/chat/completions` body into deltas, synchronously (docs/architecture.md §1 decode).
 * SSE is parsed by eventsource-parser (but a read that is exactly one `data:` event, as a model server sends a
 * token, is taken as it is), bytes by a streaming TextDecoder; each data line is parsed
 * once and narrowed by `narrowChunk`. A body whose first non-whitespace character is `{` is a JSON
 * answer (a server that ignored `stream: true`, or an error body), decoded whole at `end()`.
 */
export function createUpstreamDecoder(
  onDelta: (delta: UpstreamDelta) => void,
  options: UpstreamDecoderOptions = {},
): UpstreamDecoder {
  const maxBufferLength = options.maxBufferLength ?? DEFAULT_MAX_BUFFER_LENGTH;
  // StringDecoder keeps a UTF-8 sequence split across reads whole, like TextDecoder with
  // `stream: true`, at a third of the cost per read (measured: 110 ns vs 350 ns for a 230-byte chunk).
  const textDecoder = new StringDecoder("utf8");
  const templates = new ChunkTemplateCache();
  let mode: "undecided" | "sse" | "json" | "overflowed" = "undecided";
  const jsonPieces: string[] = [];
  let jsonLength = 0;
  let bodySample = "";
  let sawSse = false;
  let ended = false;
  // The parser holds no partial line or event: the fast path of `feed` may pass it by. Not before its first
  // text, which it reads for a byte order mark.
  let parserIdle = false;

  const emit = (deltas: readonly UpstreamDelta[]): void => {
    for (const delta of deltas) onDelta(delta);
  };

  const onData = (data: string, eventName: string | undefined): void => {
    if (data === DONE) {
      onDelta({ done: true });
      return;
    }
    // `event: error` (some proxies): whatever its data says is an error, JSON or not.
    if (eventName === "error") {
      onDelta({ error: errorFromPayload(data) });
      return;
    }
    const known = templates.match(data);
    if (known !== undefined) {
      if (known !== NO_DELTA) onDelta(known);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      const trimmed = data.trim();
      if (trimmed === DONE) onDelta({ done: true });
      // A `data:` line with nothing in it carries no model text: a keep-alive, not a broken chunk.
      else if (trimmed.length > 0) onDelta({ error: notJsonError(data) });
      return;
    }
    const deltas = narrowChunk(json);
    templates.learn(data, deltas);
    emit(deltas);
  };

  const parser = createParser({
    onEvent: (event) => {
      sawSse = true;
      onData(event.data, event.event);
    },
    onComment: () => {
      sawSse = true;
    },
    onRetry: () => {
      sawSse = true;
    },
    maxBufferSize: maxBufferLength,
    onError: (error: ParseError) => {
      if (error.type === "max-buffer-size-exceeded") {
        overflow();
        return;
      }
      // llama.cpp builds with server_sent_event(sink, "error", …) send `error: {"code":500,…}`.
      if (error.type === "unknown-field" && error.field === "error") {
        sawSse = true;
        onDelta({ error: errorFromPayload(error.value ?? "") });
      }
    },
  });

  const overflow = (): void => {
    mode = "overflowed";
    jsonPieces.length = 0;
    onDelta({
      error: {
        message: `upstream sent an event longer than ${maxBufferLength} characters; the rest of the body is ignored`,
        type: INVALID_UPSTREAM_CHUNK,
      },
    });
  };

  const feed = (text: string): void => {
    if (text.length === 0 || mode === "overflowed") return;
    if (mode === "undecided") {
      // Leading whitespace (and a BOM) means nothing to either format; the first real character decides.
      let start = 0;
      while (start < text.length && isLeadingWhitespace(text.charCodeAt(start))) start++;
      if (start === text.length) return;
      text = text.slice(start);
      mode = text.charCodeAt(0) === OPEN_BRACE ? "json" : "sse";
    }
    if (mode === "json") {
      jsonPieces.push(text);
      jsonLength += text.length;
      if (jsonLength > maxBufferLength) overflow();
      return;
    }
    if (bodySample.length < BODY_SAMPLE_LENGTH)
      bodySample += text.slice(0, BODY_SAMPLE_LENGTH - bodySample.length);
    // A read that is exactly one `data: …` event, while the parser holds nothing, is that event: what a model
    // server sends one token a read. Its data goes straight to `onData`, as the parser would hand it.
    if (parserIdle && text.length <= maxBufferLength && isOneDataEvent(text)) {
      sawSse = true;
      onData(text.slice(DATA_PREFIX.length, text.length - 2), undefined);
      return;
    }
    parser.feed(text);
    // A text that ends with a blank line leaves no partial line or event in the parser, whatever came before.
    parserIdle = text.endsWith("\n\n");
  };

  return {
    push(bytes: Uint8Array | string): void {
      if (ended) return;
      // StringDecoder takes any Uint8Array; wrapping one in a Buffer first cost more than decoding it.
      feed(typeof bytes === "string" ? bytes : textDecoder.write(bytes));
    },
    end(): void {
      if (ended) return;
      ended = true;
      feed(textDecoder.end());
      if (mode === "json") {
        emit(decodeJsonBody(jsonPieces.join("")));
        jsonPieces.length = 0;
        return;
      }
      if (mode === "undecided" || mode === "overflowed") return;
      // Ends the last line and then the last event: a body cut before its blank line still counts.
      parser.feed("\n\n");
      if (!sawSse)
        onDelta({
          error: {
            message: `upstream sent a body that is neither SSE nor JSON: ${bodySample}`,
            type: INVALID_UPSTREAM_CHUNK,
          },
        });
    },
  };
}

/** The payload of an `error:` field or an `event: error`: `{"error":{…}}`, a bare error object, or text. */
function errorFromPayload(data: string): UpstreamError {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { message: data.length > 0 ? data : "upstream sent an error event" };
  }
  if (isJsonRecord(json) && json.error !== undefined && json.error !== null)
    return upstreamErrorFrom(json.error);
  return upstreamErrorFrom(json);
}

function isLeadingWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 0xfeff;
}

/**
 * `data: X\n\n` with no other line break in X (LF, or CR, which SSE also reads as one): one event of one data
 * line, whose data is X as eventsource-parser reads it (the one space after the colon is not part of it).
 */
function isOneDataEvent(text: string): boolean {
  const last = text.length - 1;
  return (
    text.charCodeAt(last) === LINE_FEED &&
    text.charCodeAt(last - 1) === LINE_FEED &&
    text.startsWith(DATA_PREFIX) &&
    text.indexOf("\n", DATA_PREFIX.length) === last - 1 &&
    text.indexOf("\r", DATA_PREFIX.length) === -1
  );
}
