import type { Server } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * Closes the listening socket and nothing else. node's `http.Server.close()` also destroys every idle
 * keep-alive connection at once; while a shutdown drains, those stay open, so a load balancer or a
 * client that holds one still gets `GET /ready` answered 503 (and new work a retryable 529) instead of a
 * reset. The drain ends with `server.close()`, which closes whatever is idle then.
 */
export function stopAccepting(server: Server): void {
  NetServer.prototype.close.call(server);
}
