import type { Logger } from "pino";
import type { OutputBudgetNote } from "../generation/fit-output-budget";

/**
 * The one log line a request produces (docs/architecture.md §1: the gateway owns the one logger). Filled in while the
 * request runs and written when its response closes. It holds no header, body or key by construction:
 * only names, counts, codes and timings (upstream error messages are already scrubbed of the upstream key).
 */
export interface RequestLogEntry {
  readonly requestId: string;
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  /** The HTTP status sent; 499 when the client went away first (nginx's convention). */
  status?: number;
  /** The model name the client asked for. */
  model?: string;
  /** The configured model it resolved to (differs from `model` for an alias). */
  servedBy?: string;
  preset?: string;
  stream?: boolean;
  /** The chat-completions URL called (never with credentials or a query string). */
  upstreamUrl?: string;
  upstreamStatus?: number;
  /** The upstream call failed before any status came (refused, reset, timeout before the headers). */
  upstreamFailed?: boolean;
  stopReason?: string;
  /** The Anthropic error the client got (HTTP body or in-stream `error` event). */
  error?: { readonly type: string; readonly message: string };
  blocks?: { readonly thinking: number; readonly text: number; readonly tool_use: number };
  /** Parser and sequencer warnings (repairs, dropped calls); `warningCodes` lists each code once. */
  warnings?: number;
  warningCodes?: readonly string[];
  /** How many warnings of each code (`sluice_parser_warnings_total` counts every one, not each code once). */
  warningCounts?: Readonly<Record<string, number>>;
  /** Request blocks or tools the translation dropped, by path (docs/http-api.md §4: "dropped with a logged warning"). */
  translationWarnings?: readonly string[];
  /** `max_tokens` lowered to fit the model's context window, and how (docs/http-api.md §4, "The output budget"). */
  outputBudget?: OutputBudgetNote;
  inputTokens?: number;
  outputTokens?: number;
  /** From accepting the request to the first upstream body byte. */
  ttfbMs?: number;
  durationMs?: number;
}

/** Writes the request's line: `info`, or `error` for a 5xx (a failure the operator should look at). */
export function logRequest(logger: Logger, entry: RequestLogEntry): void {
  const status = entry.status ?? 0;
  if (status >= 500) logger.error(entry, "request");
  else logger.info(entry, "request");
}
