export interface BoundedText {
  readonly text: string;
  /** False when the body was longer than the bound and cut there (the rest was not read). */
  readonly complete: boolean;
}

/** Reads a response body as UTF-8, `maxBytes` at most: a server cannot make the CLI hold more. */
export async function readBoundedText(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<BoundedText> {
  if (body === null) return { text: "", complete: true };
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: Buffer.concat(parts).toString("utf8"), complete: true };
    if (size + value.byteLength > maxBytes) {
      parts.push(value.subarray(0, maxBytes - size));
      // Not awaited: the probe has what it needs, and a stuck cancel must not hold it.
      reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(parts).toString("utf8"), complete: false };
    }
    parts.push(value);
    size += value.byteLength;
  }
}
