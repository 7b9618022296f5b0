import { randomBytes } from "node:crypto";

/** `req_` + 22 random URL-safe characters (128 bits): the `request-id` header and every error body's `request_id`. */
export function createRequestId(): string {
  return `req_${randomBytes(16).toString("base64url")}`;
}
