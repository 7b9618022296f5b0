import { randomBytes } from "node:crypto";

/** An OpenAI-style object id: `chatcmpl-…`, `resp_…`; random, so ids never repeat across gateways. */
export function createResponseId(prefix: string): string {
  return `${prefix}${randomBytes(18).toString("base64url")}`;
}
