/** `base_url` as printed: `built-in demo` for `demo`. (The config already refuses a user:password@ part.) */
export function displayBaseUrl(baseUrl: string): string {
  return baseUrl === "demo" ? "built-in demo" : baseUrl;
}
