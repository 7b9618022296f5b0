import { gatewayError } from "@sluice/events";
import { handleConsole } from "../../console/handle-console";
import { shuttingDown } from "../../errors/shutting-down";
import type { Exchange, GatewayContext } from "../exchange";
import { lingerThenClose } from "../http/linger-then-close";
import { replyError } from "../http/reply-error";
import { replyUnauthorized } from "../http/reply-unauthorized";
import { ROUTES } from "./routes";

/**
 * Routes one request: the console's paths to it (docs/config.md, "The console"), 404 for an unknown path, 405 for a wrong method, 401 before reading any body, 529
 * for new work while a shutdown drains.
 */
export async function handleRequest(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const { path, method } = exchange.log;
  if (path === "/console" || path.startsWith("/console/")) {
    await handleConsole(exchange, gateway, gateway.console);
    return;
  }
  const route = ROUTES.get(path);
  if (route === undefined) {
    replyError(exchange, gatewayError("not_found", `Not found: ${method} ${path}`));
    return;
  }
  if (!route.methods.includes(method)) {
    replyError(
      exchange,
      gatewayError(
        "method_not_allowed",
        `Method ${method} is not allowed on ${path} (allowed: ${route.methods.join(", ")})`,
      ),
      {
        allow: route.methods.join(", "),
      },
    );
    return;
  }
  if (route.authenticated && !gateway.served.checkAuth(exchange.request.headers)) {
    replyUnauthorized(exchange);
    return;
  }
  if (gateway.draining() && route.servedWhileDraining !== true) {
    // Retryable, so the client goes to another replica; the unread body is drained before the close.
    lingerThenClose(exchange.request);
    replyError(exchange, shuttingDown(), { connection: "close" });
    return;
  }
  await route.handle(exchange, gateway);
}
