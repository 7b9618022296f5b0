import type { ModelsView, ModelView, ReplicaView } from "@sluice/console";
import type { ServedConfig } from "../server/served/compile-served-config";
import type { ModelSeries } from "./model-series";

/** GET /console/api/models: each configured model, its upstream's health and its charts. */
export async function modelsView(served: ServedConfig, series: ModelSeries): Promise<ModelsView> {
  const { series: perModel, totals } = await series.view();
  const empty = new Array<number>(series.points).fill(0);
  const models = served.models.map((model): ModelView => {
    const { plan } = model;
    const window = model.window.current();
    const replicas: ReplicaView[] = model.upstream.replicas?.().map((replica) => ({
      url: replica.url ?? null,
      health: replica.health,
      inFlight: replica.inFlight,
      failures: replica.failures,
      ...(replica.cooldownMsLeft > 0 ? { cooldownMsLeft: replica.cooldownMsLeft } : {}),
    })) ?? [{ url: model.upstream.url ?? null, health: "untracked", inFlight: 0, failures: 0 }];
    const counts = totals.get(model.name);
    return {
      name: model.name,
      aliases: model.aliases,
      ...(plan.presetName === undefined ? {} : { preset: plan.presetName }),
      ...(plan.reasoning === undefined ? {} : { reasoningParser: plan.reasoning.id }),
      ...(plan.tool === undefined ? {} : { toolParser: plan.tool.id }),
      ...(plan.thinkingKwarg === undefined ? {} : { thinkingKwarg: plan.thinkingKwarg }),
      upstreamModel: model.config.upstream.model,
      ...(window === undefined ? {} : { contextWindow: { tokens: window.tokens, source: window.source } }),
      replicas,
      series: perModel.get(model.name) ?? {
        requests: empty,
        errors: empty,
        inputTokens: empty,
        outputTokens: empty,
      },
      totals: counts ?? { requests: 0, errors: 0, inputTokens: 0, outputTokens: 0 },
    };
  });
  return { now: new Date().toISOString(), stepMs: series.stepMs, models };
}
