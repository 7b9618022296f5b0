import { readFileSync } from "node:fs";

/**
 * The kernel's count of connections dropped because a listen queue was full (TcpExt ListenOverflows,
 * system-wide): each one is a SYN the client retries 1, 3, 7 s later. Undefined where /proc has none.
 */
export function readListenOverflows(): number | undefined {
  try {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
    const names = lines.find((line) => line.startsWith("TcpExt:"))?.split(" ");
    const values = lines.filter((line) => line.startsWith("TcpExt:"))[1]?.split(" ");
    const index = names?.indexOf("ListenOverflows") ?? -1;
    return index < 1 || values === undefined ? undefined : Number(values[index]);
  } catch {
    return undefined;
  }
}
