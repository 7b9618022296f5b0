// The client key the API asks for (`server.api_keys`), kept in this browser only: never in a URL, a cookie or a log.
const STORAGE_KEY = "sluice-console-key";

export const keyStore = {
  get(): string | undefined {
    try {
      return localStorage.getItem(STORAGE_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  },
  set(key: string): void {
    try {
      localStorage.setItem(STORAGE_KEY, key);
    } catch {}
  },
  clear(): void {
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {}
  },
};
