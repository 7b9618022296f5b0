import { createServer, request as httpRequest } from "node:http";

// The benchmark's baseline: an HTTP proxy that copies the upstream's SSE bytes to the client
// untouched (no parsing), so the gateway's figures can be read against the cost of HTTP alone.
const upstreamPort = Number(process.argv[2]);
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: upstreamPort,
        path: "/v1/chat/completions",
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (upstreamResponse) => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        upstreamResponse.pipe(response);
      },
    );
    upstream.end(Buffer.concat(chunks));
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address !== "string") console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
