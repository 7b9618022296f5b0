const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_CHARACTERS = 24;
// 248 = 4 × 62: bytes at or above it are skipped so every character is equally likely.
const UNBIASED_BYTE_LIMIT = 248;

/** A fresh tool id: `toolu_` and 24 random base62 characters from the platform's CSPRNG. */
export function mintToolId(): string {
  const bytes = new Uint8Array(32);
  let id = "toolu_";
  let remaining = RANDOM_CHARACTERS;
  while (remaining > 0) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT || remaining === 0) continue;
      id += BASE62[byte % 62];
      remaining--;
    }
  }
  return id;
}
