/** `on (2 keys)` or `off (any token is accepted)`: how many keys, never one of them. */
export function describeAuth(keyCount: number): string {
  if (keyCount === 0) return "off (any token is accepted)";
  return `on (${keyCount} ${keyCount === 1 ? "key" : "keys"} from server.api_keys / SLUICE_API_KEYS)`;
}
