import { toUpstreamConnectionError } from "../upstream/to-upstream-connection-error";

const TLS_TRUST_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

// Code → what happened, and what to look at (after the code).
const EXPLANATIONS: Readonly<Record<string, readonly [string, string?]>> = {
  ECONNREFUSED: ["connection refused", "nothing listens there; is the server up and the port right?"],
  ENOTFOUND: ["no such host", "check the host name in base_url"],
  EAI_AGAIN: ["host name lookup failed for now (DNS)"],
  ECONNRESET: ["the server reset the connection"],
  EHOSTUNREACH: ["host unreachable"],
  ENETUNREACH: ["network unreachable"],
  ETIMEDOUT: ["the connection timed out"],
  UND_ERR_SOCKET: ["the server closed the connection before answering"],
  EPROTO: ["TLS handshake failed", "an https:// base_url for a plain http:// server?"],
  ERR_SSL_WRONG_VERSION_NUMBER: ["TLS handshake failed", "an https:// base_url for a plain http:// server?"],
};

/** Why a fetch failed before any HTTP answer, in words a person can act on, with the system code. */
export function describeConnectionFailure(error: unknown): string {
  const connectionError = toUpstreamConnectionError(error);
  // fetch refuses the ports of its blocked list (6000, 6665-6669, …) before connecting at all.
  if (/\bbad port\b/i.test(connectionError.message)) {
    return "fetch refuses this port (it is on the fetch standard's blocked list); serve the model on another";
  }
  const code = connectionError.code;
  if (code === undefined) return connectionError.message.replace(/^upstream connection failed: /, "");
  if (TLS_TRUST_CODES.has(code)) return `the server's TLS certificate is not trusted (${code})`;
  const explanation = EXPLANATIONS[code];
  if (explanation === undefined) return connectionError.message.replace(/^upstream connection failed /, "");
  const [what, advice] = explanation;
  return advice === undefined ? `${what} (${code})` : `${what} (${code}): ${advice}`;
}
