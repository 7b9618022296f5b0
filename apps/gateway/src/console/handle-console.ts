import { gatewayError } from "@sluice/events";
import { SLUICE_VERSION } from "../cli/sluice-version";
import { shuttingDown } from "../errors/shutting-down";
import { recordingFileName } from "../record/recording-file-name";
import type { Exchange, GatewayContext } from "../server/exchange";
import { replyError } from "../server/http/reply-error";
import { replyUnauthorized } from "../server/http/reply-unauthorized";
import { sendJson } from "../server/http/send-json";
import { type ConsoleAsset, loadConsoleAssets } from "./console-assets";
import type { ConsoleHub } from "./create-console-hub";
import { modelsView } from "./models-view";
import { streamConsole } from "./stream-console";

// The page loads nothing from elsewhere and is never framed; its API calls go to the gateway itself.
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

let assets: ReadonlyMap<string, ConsoleAsset> | undefined;

/**
 * Everything under /console (docs/config.md, "The console"): the page and its assets for anyone who can reach the gateway
 * (they hold no data), the API behind `server.api_keys` like the other API routes. With the console off, or
 * on a path it does not serve, 404.
 */
export async function handleConsole(
  exchange: Exchange,
  gateway: GatewayContext,
  hub: ConsoleHub | undefined,
): Promise<void> {
  const { path, method } = exchange.log;
  if (hub === undefined) {
    replyError(
      exchange,
      gatewayError(
        "not_found",
        `Not found: ${method} ${path} (the console is off: set server.console: true)`,
      ),
    );
    return;
  }
  if (method !== "GET" && method !== "HEAD") {
    replyError(
      exchange,
      gatewayError("method_not_allowed", `Method ${method} is not allowed on ${path} (allowed: GET, HEAD)`),
      {
        allow: "GET, HEAD",
      },
    );
    return;
  }
  if (!path.startsWith("/console/api/")) {
    servePage(exchange);
    return;
  }
  if (!gateway.served.checkAuth(exchange.request.headers)) {
    replyUnauthorized(exchange);
    return;
  }
  // A live list opened now would hold the drain open: the page retries, and reaches a gateway that serves.
  if (gateway.draining()) {
    replyError(exchange, shuttingDown(), { connection: "close" });
    return;
  }
  const api = path.slice("/console/api/".length);
  const noStore = { "cache-control": "no-store" };
  if (api === "info") {
    sendJson(
      exchange.response,
      200,
      {
        version: SLUICE_VERSION,
        startedAt: gateway.startedAt.toISOString(),
        ring: hub.ring.bounds,
        held: { exchanges: hub.ring.size, bytes: hub.ring.bytes },
      },
      noStore,
    );
    return;
  }
  if (api === "stream") {
    streamConsole(exchange, hub);
    return;
  }
  if (api === "models") {
    const view = await modelsView(gateway.served, hub.series);
    if (!exchange.response.destroyed) sendJson(exchange.response, 200, view, noStore);
    return;
  }
  const match = /^exchanges\/([A-Za-z0-9_-]{1,64})(\/record)?$/.exec(api);
  if (match !== null) {
    const id = match[1] as string;
    if (match[2] === undefined) {
      const detail = hub.detail(id);
      if (detail !== undefined) return sendJson(exchange.response, 200, detail, noStore);
    } else {
      const file = hub.recordFile(id);
      if (file !== undefined) {
        const name = recordingFileName(new Date(file.time), id);
        exchange.response.writeHead(200, {
          ...noStore,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(file.text),
          "content-disposition": `attachment; filename="${name}"`,
        });
        exchange.response.end(file.text);
        return;
      }
    }
    replyError(
      exchange,
      gatewayError(
        "not_found",
        `No exchange ${id} in the console's ring (it may have been dropped: server.console_max_exchanges)`,
      ),
    );
    return;
  }
  replyError(exchange, gatewayError("not_found", `Not found: ${method} ${path}`));
}

function servePage(exchange: Exchange): void {
  const { path, method } = exchange.log;
  assets ??= loadConsoleAssets();
  if (assets === undefined) {
    replyError(
      exchange,
      gatewayError(
        "internal",
        "The console's page is not built: run `pnpm build` (it builds apps/console into apps/console/dist)",
      ),
    );
    return;
  }
  const asset = assets.get(path === "/console/" ? "/console" : path);
  if (asset === undefined) {
    replyError(exchange, gatewayError("not_found", `Not found: ${method} ${path}`));
    return;
  }
  exchange.response.writeHead(200, {
    ...PAGE_HEADERS,
    "content-type": asset.type,
    "content-length": asset.body.byteLength,
    "cache-control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  exchange.response.end(asset.body);
}
