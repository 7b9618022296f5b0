import type { ModelConfig } from "../config/config";
import { isDemoUpstream } from "../config/is-demo-upstream";
import { describeParsers } from "./describe-parsers";
import { displayBaseUrls } from "./display-base-urls";

/** One line for a model: `name → upstream (model) · parsers · aliases`. Never its key. */
export function describeModel(model: ModelConfig): string {
  const { upstream } = model;
  const upstreamModel =
    !isDemoUpstream(upstream) && upstream.model !== model.name ? ` as ${upstream.model}` : "";
  const aliases = model.aliases.length === 0 ? "no aliases" : `aliases ${model.aliases.join(", ")}`;
  return `${model.name} → ${displayBaseUrls(upstream)}${upstreamModel} · ${describeParsers(model)} · ${aliases}`;
}
