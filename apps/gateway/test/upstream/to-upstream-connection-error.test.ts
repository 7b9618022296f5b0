import { describe, expect, it } from "vitest";
import { toUpstreamConnectionError } from "../../src/upstream/to-upstream-connection-error";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamUnreachableError } from "../../src/upstream/upstream-unreachable-error";

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("toUpstreamConnectionError", () => {
  it("reads the code undici hides in `cause` (DNS failure)", () => {
    const error = toUpstreamConnectionError(
      new TypeError("fetch failed", { cause: coded("getaddrinfo ENOTFOUND gpu-box", "ENOTFOUND") }),
    );
    expect(error).toBeInstanceOf(UpstreamConnectionError);
    expect(error.code).toBe("ENOTFOUND");
    expect(error.message).toBe("upstream connection failed (ENOTFOUND): getaddrinfo ENOTFOUND gpu-box");
  });

  it("reads the code of a refused dual-stack connect (AggregateError)", () => {
    const refused = new AggregateError([coded("connect ECONNREFUSED ::1:8000", "ECONNREFUSED")], "");
    expect(toUpstreamConnectionError(new TypeError("fetch failed", { cause: refused })).code).toBe(
      "ECONNREFUSED",
    );
  });

  it("reads a reset mid-body (undici's `terminated` with a socket error)", () => {
    const error = toUpstreamConnectionError(
      new TypeError("terminated", { cause: coded("other side closed", "UND_ERR_SOCKET") }),
    );
    expect(error).toMatchObject({
      code: "UND_ERR_SOCKET",
      message: "upstream connection failed (UND_ERR_SOCKET): other side closed",
    });
  });

  it("keeps the message when there is no code, and survives a cyclic cause chain", () => {
    const cyclic = new Error("odd failure");
    (cyclic as { cause?: unknown }).cause = cyclic;
    const error = toUpstreamConnectionError(cyclic);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe("upstream connection failed: odd failure");
  });

  it.each(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])(
    "calls a %s before the headers (a URL given) unreachable: no connection was made",
    (code) => {
      const url = "http://gpu-box:8000/v1/chat/completions";
      const error = toUpstreamConnectionError(
        new TypeError("fetch failed", { cause: coded(code, code) }),
        url,
      );
      expect(error).toBeInstanceOf(UpstreamUnreachableError);
      expect((error as UpstreamUnreachableError).failures).toEqual([{ url, code }]);
      expect(error.url).toBe(url);
    },
  );

  it("keeps a reset, and any failure without a URL (a body read), an ordinary connection failure", () => {
    const url = "http://gpu-box:8000/v1/chat/completions";
    const reset = toUpstreamConnectionError(coded("socket hang up", "ECONNRESET"), url);
    expect(reset).toBeInstanceOf(UpstreamConnectionError);
    expect(reset).not.toBeInstanceOf(UpstreamUnreachableError);
    expect(toUpstreamConnectionError(coded("refused", "ECONNREFUSED"))).not.toBeInstanceOf(
      UpstreamUnreachableError,
    );
  });

  it("returns an UpstreamConnectionError unchanged", () => {
    const original = new UpstreamConnectionError("x", "ECONNRESET");
    expect(toUpstreamConnectionError(original)).toBe(original);
  });
});
