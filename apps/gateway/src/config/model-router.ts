import { compileGlob } from "./compile-glob";
import type { Config, ModelConfig } from "./config";

export type ModelRouter = (requestedName: string) => ModelConfig | undefined;

/**
 * Routes a requested model name: the model with that exact name, else the first model (in config
 * order) with a matching alias glob, else undefined (→ 404 not_found_error). Globs compile once here.
 */
export function createModelRouter(models: readonly ModelConfig[]): ModelRouter {
  const byName = new Map<string, ModelConfig>();
  for (const model of models) if (!byName.has(model.name)) byName.set(model.name, model);
  const aliasMatchers = models.flatMap((model) =>
    model.aliases.map((alias) => ({ matches: compileGlob(alias), model })),
  );
  return (requestedName) =>
    byName.get(requestedName) ?? aliasMatchers.find(({ matches }) => matches(requestedName))?.model;
}

// One compiled router per loaded config, so callers can pass the config on every request.
const routers = new WeakMap<Config, ModelRouter>();

/** `createModelRouter(config.models)`, compiled on first use and cached per config object. */
export function resolveModel(config: Config, requestedName: string): ModelConfig | undefined {
  let router = routers.get(config);
  if (router === undefined) {
    router = createModelRouter(config.models);
    routers.set(config, router);
  }
  return router(requestedName);
}
