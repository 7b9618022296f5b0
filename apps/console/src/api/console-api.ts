import type { ConsoleInfo, ExchangeDetail, ModelsView } from "../api-types";
import { keyStore } from "./key-store";

/**
 * The API answered 401: the key is missing or wrong. The page asks for it and tries again. `sentKey` is the key
 * the refused request carried: once another has been given, that answer is stale and asks for nothing.
 */
export class KeyRequired extends Error {
  constructor(
    readonly hadKey: boolean,
    readonly sentKey: string | undefined,
  ) {
    super(hadKey ? "The gateway did not accept this key" : "The gateway asks for a key");
  }
}

/** Any other answer that is not a success, with the gateway's own error message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// vite's `base` (/console/): the page and its API live under the same prefix.
const API = new URL(`${import.meta.env.BASE_URL}api/`, location.origin);

/** The headers every API call carries: the key as `x-api-key`, as the API's routes take it. */
export function authHeaders(): Record<string, string> {
  const key = keyStore.get();
  return key === undefined ? {} : { "x-api-key": key };
}

/** GET /console/api/{path}, with the key; throws KeyRequired on 401, ApiError on any other failure. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const sentKey = keyStore.get();
  const response = await fetch(new URL(path, API), {
    ...init,
    headers: { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) },
    cache: "no-store",
  });
  if (response.status === 401) throw new KeyRequired(keyStore.get() !== undefined, sentKey);
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  return response;
}

async function apiJson<T>(path: string): Promise<T> {
  return (await (await apiFetch(path)).json()) as T;
}

export const consoleApi = {
  info: () => apiJson<ConsoleInfo>("info"),
  models: () => apiJson<ModelsView>("models"),
  exchange: (id: string) => apiJson<ExchangeDetail>(`exchanges/${encodeURIComponent(id)}`),
  /** The record file as the gateway names it (`content-disposition`), for a download. */
  async record(id: string): Promise<{ name: string; blob: Blob }> {
    const response = await apiFetch(`exchanges/${encodeURIComponent(id)}/record`);
    const disposition = response.headers.get("content-disposition") ?? "";
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${id}.json`;
    return { name, blob: await response.blob() };
  },
  streamUrl: () => new URL("stream", API),
};

async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { message?: string } };
    if (typeof body.error?.message === "string") return body.error.message;
  } catch {}
  return `${response.status} ${response.statusText}${text === "" ? "" : `: ${text.slice(0, 200)}`}`;
}
