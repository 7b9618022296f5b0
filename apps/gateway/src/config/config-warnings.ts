import { CLAUDE_CODE_MODEL_NAMES } from "./claude-code-model-names";
import { compileGlob } from "./compile-glob";
import type { ModelConfig } from "./config";
import type { ConfigFile } from "./config-file-schema";
import { isDemoUpstream } from "./is-demo-upstream";
import { createModelRouter } from "./model-router";

/**
 * What works but is probably not what was meant, each with its path: a `base_url` without `/v1`
 * (OpenAI-compatible servers serve `/v1/chat/completions`, so the first request would 404), an
 * alias that an earlier model's alias already catches (the first match wins, so it never routes), and
 * Claude Code's model names reaching no model (every Claude Code request would get 404).
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
  warnings.push(...unroutedClaudeCodeNames(models));
  const workers = file.server?.workers;
  if (file.server?.console === true && workers !== undefined && workers !== 1) {
    // Each worker keeps its own ring, and a page's connections may reach any worker.
    warnings.push(
      `server.console: each of the ${workers === "auto" ? "auto" : workers} workers keeps its own console, so a page sees only the exchanges of the worker its connections reach (use workers: 1 while looking at the console)`,
    );
  }
  return warnings;
}

/**
 * Claude Code asks for `claude-…` names unless told otherwise: one warning when none of its names routes,
 * else one per kind (main, background) with names that reach no model, each saying which fix applies.
 */
function unroutedClaudeCodeNames(models: readonly ModelConfig[]): string[] {
  const route = createModelRouter(models);
  const unrouted = (names: readonly string[]) => names.filter((name) => route(name) === undefined);
  const main = unrouted(CLAUDE_CODE_MODEL_NAMES.main);
  const background = unrouted(CLAUDE_CODE_MODEL_NAMES.background);
  const name = models[0]?.name ?? "NAME";
  const quoted = (names: readonly string[]) => names.join(", ");
  if (main.length + background.length === 0) return [];
  if (
    main.length === CLAUDE_CODE_MODEL_NAMES.main.length &&
    background.length === CLAUDE_CODE_MODEL_NAMES.background.length
  ) {
    return [
      `models: no model receives Claude Code's model names (${quoted([...main, ...background])}), so each of its requests would get 404; add aliases: ["claude-*"] to the model it should use, or start Claude Code with sluice code (or ANTHROPIC_MODEL=${name} ANTHROPIC_DEFAULT_HAIKU_MODEL=${name})`,
    ];
  }
  const warnings: string[] = [];
  if (main.length > 0) {
    warnings.push(
      `models: Claude Code's main model names ${quoted(main)} reach no model (its requests for them would get 404); add an alias that matches them (aliases: ["claude-*"] after the narrower ones), or set ANTHROPIC_MODEL=${name} (sluice code does)`,
    );
  }
  if (background.length > 0) {
    warnings.push(
      `models: Claude Code's background model names ${quoted(background)} reach no model (its titles, summaries and command checks would fail); add aliases: ["claude-haiku-*", "claude-3-5-haiku-*"] to a small model (or "claude-*" to one), or set ANTHROPIC_DEFAULT_HAIKU_MODEL=${name} (sluice code does)`,
    );
  }
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
