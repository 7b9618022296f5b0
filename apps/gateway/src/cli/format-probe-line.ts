import type { ModelConfig } from "../config/config";
import { displayBaseUrl } from "./display-base-url";
import type { ProbeResult } from "./probe-upstream";

// A server with dozens of models would bury the one line per model.
const LISTED_MODEL_IDS = 8;

/** Which of a model's replicas a probe line is about: its base URL, its index, how many there are. */
export interface ProbedReplica {
  readonly baseUrl: string;
  readonly index: number;
  readonly count: number;
}

/**
 * One line per replica for `sluice check`: reachable and what it serves, or why not, with a hint. A model
 * with one base_url is named alone; a replica is named with its place in the list, so lines stay apart.
 */
export function formatProbeLine(model: ModelConfig, replica: ProbedReplica, result: ProbeResult): string {
  const { upstream } = model;
  const name =
    replica.count === 1 ? model.name : `${model.name} [replica ${replica.index + 1} of ${replica.count}]`;
  const url = `${displayBaseUrl(replica.baseUrl)}/models`;
  switch (result.kind) {
    case "demo":
      return `${name}: built-in demo, nothing to probe`;
    case "served": {
      const served = `${name}: reachable, ${url} answered in ${result.elapsedMs} ms and serves ${listIds(result.modelIds)}`;
      if (result.modelIds.includes(upstream.model)) return served;
      return `${served}; but upstream.model "${upstream.model}" is not among them, so requests to ${model.name} would fail (set upstream.model to one of them)`;
    }
    case "unexpected":
      return `${name}: reachable, but ${url} answered HTTP ${result.status} with ${result.detail}`;
    case "http-error":
      return `${name}: ${url} answered HTTP ${result.status}${hintFor(result.status, model, replica.baseUrl)}${result.detail === "" ? "" : ` ("${result.detail}")`}`;
    case "unreachable":
      return `${name}: unreachable, ${url}: ${result.detail}`;
  }
}

function listIds(ids: readonly string[]): string {
  if (ids.length === 0) return "no model";
  const listed = ids.slice(0, LISTED_MODEL_IDS).join(", ");
  return ids.length > LISTED_MODEL_IDS ? `${listed} and ${ids.length - LISTED_MODEL_IDS} more` : listed;
}

function hintFor(status: number, model: ModelConfig, baseUrl: string): string {
  const { apiKey } = model.upstream;
  if (status === 401 || status === 403) {
    return apiKey === undefined
      ? ": the server wants a key (set upstream.api_key)"
      : ": the server refused upstream.api_key (or upstream.headers)";
  }
  if (status === 404) {
    const hasV1 = /\/v1(?:\/|$)/.test(new URL(baseUrl).pathname);
    return hasV1
      ? ": a 404 usually means base_url lacks /v1; is this an OpenAI-compatible server?"
      : `: a 404 usually means base_url lacks /v1 (try ${displayBaseUrl(baseUrl)}/v1)`;
  }
  if (status >= 500) return ": the server failed";
  return "";
}
