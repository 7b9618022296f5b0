import { getRandomValues } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 24;
// 248 = 4 × 62: bytes at or above it are redrawn, so every character is equally likely.
const UNBIASED_LIMIT = 248;

/** `msg_` + 24 random base62 characters, from the crypto RNG. */
export function createMessageId(): string {
  let id = "msg_";
  const bytes = new Uint8Array(32);
  while (id.length < 4 + ID_LENGTH) {
    getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      id += BASE62[byte % 62];
      if (id.length === 4 + ID_LENGTH) break;
    }
  }
  return id;
}
