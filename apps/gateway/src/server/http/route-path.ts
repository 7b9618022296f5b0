/** `/v1/messages?beta=true` → `/v1/messages`; a trailing slash is ignored (`/v1/models/`). */
export function routePath(url: string | undefined): string {
  const raw = url ?? "/";
  const queryStart = raw.search(/[?#]/);
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}
