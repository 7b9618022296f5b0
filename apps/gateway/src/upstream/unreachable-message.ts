import type { UnreachableUrl, UpstreamUnreachableError } from "./upstream-unreachable-error";

/**
 * What a client is told once the gateway gave up connecting: each URL and what happened there, how long
 * the gateway kept trying, then what to check (the server for a refusal, the host name for DNS).
 */
export function unreachableMessage(error: UpstreamUnreachableError): string {
  const { failures } = error;
  const what = failures.map(describe).join("; ");
  const tried = error.attempts > 1 ? `; tried ${error.attempts} times over ${seconds(error.waitedMs)} s` : "";
  const advice = [...new Set(failures.map((failure) => adviceFor(failure.code)))].join(" ");
  const subject = failures.length === 1 ? "the upstream" : `any of the ${failures.length} replicas`;
  return `cannot connect to ${subject}: ${what}${tried}. ${advice}`;
}

function describe({ url, code }: UnreachableUrl): string {
  const where = url ?? "the upstream";
  const host = hostOf(url);
  switch (code) {
    case "ECONNREFUSED":
      return `${where} refused the connection (${code})`;
    case "ENOTFOUND":
      return `the host name${host} of ${where} is not known (${code})`;
    case "EAI_AGAIN":
      return `the host name${host} of ${where} could not be looked up (${code}: no answer from DNS)`;
    default:
      return `${where} cannot be reached (${code}: no route to the host)`;
  }
}

function adviceFor(code: string): string {
  switch (code) {
    case "ECONNREFUSED":
      return "Is the model server running (and done loading), and is upstream.base_url right (host and port)?";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Check the host name in upstream.base_url (and this machine's DNS).";
    default:
      return "Is that machine up and reachable from here, and is upstream.base_url right?";
  }
}

function hostOf(url: string | undefined): string {
  if (url === undefined || !URL.canParse(url)) return "";
  return ` "${new URL(url).hostname}"`;
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
