import { once } from "node:events";
import { createServer } from "node:http";

// The load bench's second baseline: a relay that reads the upstream with `fetch` (as the gateway does)
// and copies its bytes to the client untouched, so the gateway's cost per token can be split into what
// the fetch edge costs and what parsing adds. The `node:http` pipe relay is pass-through.ts.
const upstreamUrl = `http://127.0.0.1:${Number(process.argv[2])}/v1/chat/completions`;
const server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  // A client that hangs up frees the upstream's slot, as a real relay must.
  const controller = new AbortController();
  response.on("close", () => controller.abort());
  try {
    const upstream = await fetch(upstreamUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.concat(chunks),
      signal: controller.signal,
    });
    response.writeHead(upstream.status, { "content-type": "text/event-stream" });
    for await (const bytes of upstream.body ?? []) {
      if (!response.write(bytes)) await once(response, "drain", { signal: controller.signal });
    }
    response.end();
  } catch {
    response.destroy();
  }
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address !== "string") console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
