import { compileGlob } from "./compile-glob";
import type { ModelConfig } from "./config";
import type { ConfigFile } from "./config-file-schema";
import { isDemoUpstream } from "./is-demo-upstream";

/**
 * What works but is probably not what was meant, each with its path: a `base_url` without `/v1`
 * (OpenAI-compatible servers serve `/v1/chat/completions`, so the first request would 404), and an
 * alias that an earlier model's alias already catches (the first match wins, so it never routes).
 * `file` says which `base_url`s were written as a list, so a replica's warning names its index.
 */
export function configWarnings(models: readonly ModelConfig[], file: ConfigFile): string[] {
  const warnings: string[] = [];
  models.forEach((model, index) => {
    if (isDemoUpstream(model.upstream)) return;
    const listed = Array.isArray(file.models[index]?.upstream.base_url);
    model.upstream.baseUrls.forEach((baseUrl, replica) => {
      if (/\/v1(?:\/|$)/.test(new URL(baseUrl).pathname)) return;
      const path = `models.${index}.upstream.base_url${listed ? `.${replica}` : ""}`;
      warnings.push(
        `${path}: ${baseUrl} has no /v1 in its path; vLLM, SGLang, llama.cpp and Ollama serve /v1/chat/completions (write ${baseUrl}/v1 unless this server really differs)`,
      );
    });
  });
  warnings.push(...shadowedAliases(models));
  return warnings;
}

/**
 * An alias is shadowed when an alias of an earlier model matches the later pattern's own text
 * (`claude-*` matches `claude-haiku-*`): every name the later one would route goes to the earlier.
 */
function shadowedAliases(models: readonly ModelConfig[]): string[] {
  const warnings: string[] = [];
  const earlier: { pattern: string; matches: (name: string) => boolean; model: string }[] = [];
  models.forEach((model, index) => {
    model.aliases.forEach((alias, aliasIndex) => {
      const winner = earlier.find((candidate) => candidate.model !== model.name && candidate.matches(alias));
      if (winner !== undefined) {
        warnings.push(
          `models.${index}.aliases.${aliasIndex}: "${alias}" never routes here: the alias "${winner.pattern}" of model "${winner.model}" comes first and matches the same names (the first match wins; put the narrower alias first)`,
        );
      }
    });
    for (const alias of model.aliases)
      earlier.push({ pattern: alias, matches: compileGlob(alias), model: model.name });
  });
  return warnings;
}
