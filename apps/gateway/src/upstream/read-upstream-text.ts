/** An error body is read for its message only; a proxy's endless page must not be buffered whole. */
const DEFAULT_MAX_BYTES = 64 * 1024;

/** Reads an (error) body as text, up to `maxBytes`, then stops reading (which closes the body). */
export async function readUpstreamText(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number = DEFAULT_MAX_BYTES,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let received = 0;
  for await (const chunk of body) {
    const room = maxBytes - received;
    received += chunk.byteLength;
    text += decoder.decode(room < chunk.byteLength ? chunk.subarray(0, room) : chunk, { stream: true });
    if (received >= maxBytes) break;
  }
  return text + decoder.decode();
}
