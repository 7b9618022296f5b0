import { Agent, type IncomingHttpHeaders, request } from "node:http";

export interface KeepAliveAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** True when the request went over a connection an earlier request had opened. */
  readonly reusedSocket: boolean;
}

/**
 * Requests over node's keep-alive agent, which holds its connections open between requests (fetch's pool
 * does too, but does not say whether a request reused one): what a load balancer's health checker does.
 */
export function keepAliveClient(origin: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(origin);
  const send = (method: string, path: string, body?: string): Promise<KeepAliveAnswer> =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent,
          host: hostname,
          port,
          method,
          path,
          headers: body === undefined ? {} : { "content-type": "application/json" },
        },
        (incoming) => {
          let text = "";
          incoming.setEncoding("utf8");
          incoming.on("data", (part: string) => {
            text += part;
          });
          incoming.on("end", () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: text,
              reusedSocket: outgoing.reusedSocket,
            }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, JSON.stringify(body)),
    destroy: () => agent.destroy(),
  };
}
