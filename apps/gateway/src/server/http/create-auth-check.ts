import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

const BEARER = /^Bearer\s+(.+)$/i;

const digest = (key: string): Buffer => createHash("sha256").update(key, "utf8").digest();

/**
 * The API-key check for /v1 routes: `x-api-key: KEY` or `Authorization: Bearer KEY` (Claude Code sends
 * one or the other). Digests are compared with `timingSafeEqual` against every key, without an early
 * exit, so neither a key's length nor which key matched leaks through timing. No keys: everyone passes.
 */
export function createAuthCheck(keys: readonly string[]): (headers: IncomingHttpHeaders) => boolean {
  if (keys.length === 0) return () => true;
  const expected = keys.map(digest);
  const matches = (presented: string): boolean => {
    const candidate = digest(presented);
    let found = false;
    for (const key of expected) found = timingSafeEqual(candidate, key) || found;
    return found;
  };
  return (headers) => {
    const apiKey = headers["x-api-key"];
    const bearer = BEARER.exec(headers.authorization ?? "")?.[1]?.trim();
    let allowed = false;
    if (typeof apiKey === "string" && apiKey !== "") allowed = matches(apiKey) || allowed;
    if (bearer !== undefined && bearer !== "") allowed = matches(bearer) || allowed;
    return allowed;
  };
}
