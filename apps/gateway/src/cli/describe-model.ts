import type { ModelConfig } from "../config/config";
import { describeParsers } from "./describe-parsers";
import { displayBaseUrl } from "./display-base-url";

/** One line for a model: `name → upstream (model) · parsers · aliases`. Never its key. */
export function describeModel(model: ModelConfig): string {
  const { upstream } = model;
  const upstreamModel =
    upstream.baseUrl !== "demo" && upstream.model !== model.name ? ` as ${upstream.model}` : "";
  const aliases = model.aliases.length === 0 ? "no aliases" : `aliases ${model.aliases.join(", ")}`;
  return `${model.name} → ${displayBaseUrl(upstream.baseUrl)}${upstreamModel} · ${describeParsers(model)} · ${aliases}`;
}
