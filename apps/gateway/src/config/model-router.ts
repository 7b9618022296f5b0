import { compileGlob } from "./compile-glob";

/** What routing reads of a model: its exact name and its alias globs. */
export interface RoutedModel {
  readonly name: string;
  readonly aliases: readonly string[];
}

export type ModelRouter<M> = (requestedName: string) => M | undefined;

/**
 * Routes a requested model name: the model with that exact name, else the first model (in config
 * order) with a matching alias glob, else undefined (→ 404 not_found_error). Globs compile once here.
 */
export function createModelRouter<M extends RoutedModel>(models: readonly M[]): ModelRouter<M> {
  const byName = new Map<string, M>();
  for (const model of models) if (!byName.has(model.name)) byName.set(model.name, model);
  const aliasMatchers = models.flatMap((model) =>
    model.aliases.map((alias) => ({ matches: compileGlob(alias), model })),
  );
  return (requestedName) =>
    byName.get(requestedName) ?? aliasMatchers.find(({ matches }) => matches(requestedName))?.model;
}
