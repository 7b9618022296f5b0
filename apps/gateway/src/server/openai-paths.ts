/**
 * The routes whose clients speak OpenAI's API: their errors are OpenAI-shaped (`{"error": {message, type,
 * code}}`), with the statuses of the Anthropic side (docs/http-api.md §5). Kept apart from ROUTES, which
 * imports the handlers, so that `replyError` can ask without an import cycle.
 */
export const OPENAI_PATHS: ReadonlySet<string> = new Set(["/v1/chat/completions", "/v1/responses"]);
