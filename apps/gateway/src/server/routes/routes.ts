import type { ErrorShape } from "../../errors/error-bodies";
import type { Exchange, GatewayContext } from "../exchange";
import { handleChatCompletions } from "../handlers/handle-chat-completions";
import { handleCountTokens } from "../handlers/handle-count-tokens";
import { handleMessages } from "../handlers/handle-messages";
import { handleMetrics } from "../handlers/handle-metrics";
import { handleModels } from "../handlers/handle-models";
import { handleReady } from "../handlers/handle-ready";
import { handleResponses } from "../handlers/handle-responses";
import { sendJson } from "../http/send-json";

export interface Route {
  /** Methods served; HEAD rides along with GET (node:http sends no body for it). */
  readonly methods: readonly string[];
  /**
   * `/v1` routes need an API key when keys are configured; `/health`, `/ready` and `/metrics` never do
   * (probes and Prometheus scrapers carry no key: keep those paths off the public network).
   */
  readonly authenticated: boolean;
  /**
   * Answered while a shutdown drains (the probes and the scrape). Any other route then gets 529: a request
   * arriving on a connection opened before the drain would otherwise start work the drain may have to cut.
   */
  readonly servedWhileDraining?: boolean;
  /** Whose API the route speaks, so whose error bodies it answers with; default Anthropic's. */
  readonly errors?: ErrorShape;
  readonly handle: (exchange: Exchange, gateway: GatewayContext) => void | Promise<void>;
}

/** docs/http-api.md §1, keyed by path without the query string (`/v1/messages?beta=true` is `/v1/messages`). */
export const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ["/v1/messages", { methods: ["POST"], authenticated: true, handle: handleMessages }],
  ["/v1/messages/count_tokens", { methods: ["POST"], authenticated: true, handle: handleCountTokens }],
  ["/v1/models", { methods: ["GET", "HEAD"], authenticated: true, handle: handleModels }],
  [
    "/v1/chat/completions",
    { methods: ["POST"], authenticated: true, errors: "openai", handle: handleChatCompletions },
  ],
  ["/v1/responses", { methods: ["POST"], authenticated: true, errors: "openai", handle: handleResponses }],
  [
    "/health",
    {
      methods: ["GET", "HEAD"],
      authenticated: false,
      servedWhileDraining: true,
      handle: (exchange) => sendJson(exchange.response, 200, { status: "ok" }),
    },
  ],
  [
    "/ready",
    { methods: ["GET", "HEAD"], authenticated: false, servedWhileDraining: true, handle: handleReady },
  ],
  [
    "/metrics",
    { methods: ["GET", "HEAD"], authenticated: false, servedWhileDraining: true, handle: handleMetrics },
  ],
]);
