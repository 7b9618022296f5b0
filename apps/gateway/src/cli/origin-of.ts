import type { ListeningAddress } from "../server/create-gateway";

/** `http://HOST:PORT` for a bound address, an IPv6 host in brackets. */
export function originOf(address: ListeningAddress): string {
  const host = address.host.includes(":") ? `[${address.host}]` : address.host;
  return `http://${host}:${address.port}`;
}
