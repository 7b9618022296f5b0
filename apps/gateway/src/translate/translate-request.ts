import type { MessagesRequest } from "@sluice/protocol-anthropic";
import type { ChatCompletionRequest } from "@sluice/upstream-chat";
import type { ModelConfig } from "../config/config";
import type { ModelPlan } from "../config/resolve-model-plan";
import { answerStartsInReasoning } from "./answer-starts-in-reasoning";
import { applyTemplateRules } from "./apply-template-rules";
import { mergeExtraBody } from "./merge-extra-body";
import { nativeToolCallIds } from "./native-tool-call-ids";
import { templateKwargs } from "./template-kwargs";
import { translateMessages } from "./translate-messages";
import { translateSampling } from "./translate-sampling";
import { translateSystem } from "./translate-system";
import { translateToolChoice } from "./translate-tool-choice";
import { translateTools } from "./translate-tools";

export interface TranslateRequestOptions {
  /** Whether thinking is on for this request (`thinkingEnabled`). */
  readonly thinking: boolean;
}

export interface TranslatedRequest {
  readonly body: ChatCompletionRequest;
  /** One line per dropped block or tool, with its path; the gateway logs them. */
  readonly warnings: string[];
  /** Where the family's template leaves the model (`answerStartsInReasoning`); undefined: the dialect's default. */
  readonly startsInReasoning: boolean | undefined;
}

/**
 * An Anthropic Messages request → the OpenAI chat request for the model's upstream (docs/http-api.md §4
 * translation), with the model's `extra_body` merged in last.
 */
export function translateRequest(
  request: MessagesRequest,
  plan: Pick<ModelPlan, "thinkingKwarg" | "requestFields" | "historyToolCallId" | "template">,
  model: Pick<ModelConfig, "maxOutputTokens" | "upstream">,
  options: TranslateRequestOptions,
): TranslatedRequest {
  const warnings: string[] = [];
  const translated = applyTemplateRules(
    [
      ...translateSystem(request.system, warnings),
      ...translateMessages(request.messages, model.upstream.reasoningField, warnings),
    ],
    plan.template,
  );
  const messages =
    plan.historyToolCallId === undefined ? translated : nativeToolCallIds(translated, plan.historyToolCallId);
  const tools = translateTools(request.tools, warnings);
  // vLLM rejects tool_choice without tools ("When using `tool_choice`, `tools` must be set").
  const toolChoice = tools.length === 0 ? {} : translateToolChoice(request.tool_choice);
  const body: ChatCompletionRequest = {
    model: model.upstream.model,
    messages,
    ...(tools.length === 0 ? {} : { tools }),
    ...toolChoice,
    ...translateSampling(request, model),
    // Always streamed upstream, with usage in the last chunk; `stream: false` is aggregated by the gateway.
    stream: true,
    stream_options: { include_usage: true },
    ...templateKwargs(plan, options.thinking),
    // What the dialects' markers need (special tokens kept in the text); the config's extra_body still wins.
    ...plan.requestFields,
  };
  const merged = mergeExtraBody(body, model.upstream.extraBody);
  return {
    body: merged,
    warnings,
    startsInReasoning: answerStartsInReasoning(plan.template, merged.messages, options.thinking),
  };
}
