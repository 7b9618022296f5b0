import { type Dispatcher, errors } from "undici";
import type { CallGuard } from "./call-guard";
import { type BodySource, DispatchedBody } from "./dispatched-body";

export interface UpstreamReply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: DispatchedBody;
}

/**
 * POSTs `body` to `url` through undici's `dispatch` with a handler of its own, and resolves with the
 * answer's head once it arrives; the body follows as its reads (dispatched-body.ts). undici's `request` did
 * the same with a Readable around the body, which cost a share of every token at load (docs/architecture.md
 * §5). What `request` did and this keeps: the guard's signal aborts the request (undici then destroys the
 * socket), a failure before the head rejects with undici's own error (the diagnostics channels of
 * failed-on-stale-connection.ts see the same request), informational (1xx) heads are skipped, a redirect is
 * never followed, and `false` from a read pauses the socket until the body resumes it.
 */
export function postUpstream(
  dispatcher: Dispatcher,
  url: URL,
  headers: Readonly<Record<string, string>>,
  body: string,
  guard: CallGuard,
): Promise<UpstreamReply> {
  return new Promise((resolve, reject) => {
    let abort: ((reason: Error) => void) | undefined;
    let resumeReads: (() => void) | undefined;
    let reply: DispatchedBody | undefined;
    const signal = guard.signal;
    const onAbort = (): void => abort?.(signal.reason as Error);
    const done = (): void => signal.removeEventListener("abort", onAbort);
    const source: BodySource = {
      resume: () => resumeReads?.(),
      cancel: () => abort?.(new errors.RequestAbortedError()),
    };
    const handler: Dispatcher.DispatchHandlers = {
      onConnect(abortRequest) {
        abort = abortRequest;
        // Aborted before undici had a socket for it: given up now, before it is written.
        if (signal.aborted) abortRequest(signal.reason as Error);
      },
      onHeaders(statusCode, rawHeaders, resume) {
        if (statusCode < 200) return true;
        resumeReads = resume;
        reply = new DispatchedBody(source, guard);
        resolve({ status: statusCode, headers: webHeaders(rawHeaders), body: reply });
        return true;
      },
      onData(chunk) {
        return (reply as DispatchedBody).take(chunk);
      },
      onComplete() {
        done();
        reply?.finish();
      },
      onError(error) {
        done();
        if (reply === undefined) reject(error);
        else reply.finish(error);
      },
    };
    signal.addEventListener("abort", onAbort, { once: true });
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers,
        body,
        // Never followed: a redirect would carry the prompt to another host (reported as a 502).
        maxRedirections: 0,
      } as Dispatcher.DispatchOptions,
      handler,
    );
  });
}

/**
 * undici's raw head (name, value, name, value… as bytes, decoded as undici's `request` did) as `Headers`, a
 * repeated header joined as fetch does. A header `Headers` refuses (a value outside Latin-1) is left out
 * rather than failing the answer: the gateway reads only a few well-formed ones.
 */
function webHeaders(raw: Buffer[] | string[] | null): Headers {
  const result = new Headers();
  if (raw === null) return result;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      result.append(String(raw[index]), String(raw[index + 1]));
    } catch {}
  }
  return result;
}
