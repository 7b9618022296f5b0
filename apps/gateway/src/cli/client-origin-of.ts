import type { ListeningAddress } from "../server/create-gateway";
import { originOf } from "./origin-of";

/** The origin a client on this machine connects to: a wildcard bind (0.0.0.0, ::) is reached on loopback. */
export function clientOriginOf(address: ListeningAddress): string {
  if (address.host === "0.0.0.0") return originOf({ ...address, host: "127.0.0.1" });
  if (address.host === "::") return originOf({ ...address, host: "::1" });
  return originOf(address);
}
