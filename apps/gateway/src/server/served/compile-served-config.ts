import type { IncomingHttpHeaders } from "node:http";
import { resolve } from "node:path";
import { type ChatThinkingRequest, chatThinkingEnabled } from "../../config/chat-thinking-enabled";
import type { Config, ModelConfig } from "../../config/config";
import { createModelRouter, type ModelRouter } from "../../config/model-router";
import { type ModelPlan, resolveModelPlan } from "../../config/resolve-model-plan";
import { type ThinkingRequest, thinkingEnabled } from "../../config/thinking-enabled";
import type { Upstream } from "../../upstream/upstream";
import { createAuthCheck } from "../http/create-auth-check";
import { createModelWindow, type ModelWindow } from "./model-window";

/** One configured model, compiled once: its dialects, thinking policy and upstream client. */
export interface ServedModel {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly config: ModelConfig;
  readonly plan: ModelPlan;
  readonly upstream: Upstream;
  /** What no answer or log line may show: the upstream key and the configured header values. */
  readonly secrets: readonly string[];
  /**
   * Its context window: `window.current()` is what requests are fitted into and what GET /v1/models
   * lists as `max_model_len`; learnt anew with each compile (start, reload), so it starts unknown.
   */
  readonly window: ModelWindow;
  /** Whether thinking is on for a request to this model. */
  thinking(request: ThinkingRequest): boolean;
  /** The same for an OpenAI client's request (`reasoning_effort`, its own template switch, the family default). */
  chatThinking(request: ChatThinkingRequest): boolean;
}

/**
 * Everything a request needs from the config, compiled at start (and again on SIGHUP): the router,
 * each model's plan and upstream, the key check. A request takes the one current when it arrived and
 * keeps it to its end, so a reload never changes a stream midway.
 */
export interface ServedConfig {
  readonly config: Config;
  readonly models: readonly ServedModel[];
  readonly route: ModelRouter<ServedModel>;
  readonly checkAuth: (headers: IncomingHttpHeaders) => boolean;
  /** Absent: recording is off (`server.record_dir` unset). */
  readonly recording: RecordingSettings | undefined;
  /**
   * What each exchange's recorder keeps, when a record file or the console (`server.console`) wants it;
   * absent when neither does, and exchanges carry no recorder.
   */
  readonly capture: CaptureSettings | undefined;
}

/** How much of each exchange is kept, and what it must not carry. */
export interface CaptureSettings {
  /** `server.record_max_bytes`: upstream bytes kept per exchange. */
  readonly maxBytes: number;
  /** The client keys (`server.api_keys`, `SLUICE_API_KEYS`): no capture may carry them anywhere. */
  readonly secrets: readonly string[];
}

/** Where and how much each exchange records (docs/config.md, "Recording"). */
export interface RecordingSettings {
  /** `server.record_dir`, resolved against the working directory when the config was loaded. */
  readonly dir: string;
  readonly maxBytes: number;
  /** The client keys (`server.api_keys`, `SLUICE_API_KEYS`): a file must not carry them anywhere. */
  readonly secrets: readonly string[];
}

export function compileServedConfig(
  config: Config,
  upstreamFor: (model: ModelConfig) => Upstream,
): ServedConfig {
  const models = config.models.map((model): ServedModel => {
    const plan = resolveModelPlan(model);
    const setting = { thinking: model.thinking, alwaysThinks: plan.alwaysThinks };
    const chatSetting = {
      ...setting,
      thinksByDefault: plan.thinksByDefault,
      ...(plan.thinkingKwarg === undefined ? {} : { thinkingKwarg: plan.thinkingKwarg }),
    };
    return {
      name: model.name,
      aliases: model.aliases,
      config: model,
      plan,
      upstream: upstreamFor(model),
      secrets: [model.upstream.apiKey ?? "", ...Object.values(model.upstream.headers ?? {})].filter(
        (secret) => secret !== "",
      ),
      window: createModelWindow(model.contextWindow),
      thinking: (request) => thinkingEnabled(setting, request),
      chatThinking: (request) => chatThinkingEnabled(chatSetting, request),
    };
  });
  return {
    config,
    models,
    route: createModelRouter(models),
    checkAuth: createAuthCheck(config.server.apiKeys),
    recording:
      config.server.recordDir === undefined
        ? undefined
        : {
            dir: resolve(config.server.recordDir),
            maxBytes: config.server.recordMaxBytes,
            secrets: config.server.apiKeys,
          },
    capture:
      config.server.recordDir === undefined && !config.server.console
        ? undefined
        : { maxBytes: config.server.recordMaxBytes, secrets: config.server.apiKeys },
  };
}
