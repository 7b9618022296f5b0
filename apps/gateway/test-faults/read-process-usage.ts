import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

export interface ProcessUsage {
  /** Resident memory now, in bytes (VmRSS). */
  readonly rssBytes: number;
  /** The highest resident memory so far, in bytes (VmHWM). */
  readonly peakRssBytes: number;
  /** User plus system CPU time so far, in milliseconds. */
  readonly cpuMs: number;
}

let clockTicks: number | undefined;

/** Kernel clock ticks per second, the unit of /proc/PID/stat's CPU times. */
function ticksPerSecond(): number {
  clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return clockTicks;
}

/** Memory and CPU of a live process from /proc (Linux), for a child the load run started. */
export function readProcessUsage(pid: number): ProcessUsage {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    if (match === null) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]) * 1024;
  };
  // Fields after the command name, which may itself hold spaces and parentheses: utime is 14th, stime 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return {
    rssBytes: kilobytes("VmRSS"),
    peakRssBytes: kilobytes("VmHWM"),
    cpuMs: (ticks * 1000) / ticksPerSecond(),
  };
}
