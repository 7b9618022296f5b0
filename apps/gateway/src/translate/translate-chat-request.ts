import type { ChatMessage } from "@sluice/upstream-chat";
import type { ModelConfig } from "../config/config";
import type { ModelPlan } from "../config/resolve-model-plan";
import { answerStartsInReasoning } from "./answer-starts-in-reasoning";
import { applyTemplateRules } from "./apply-template-rules";
import { mergeExtraBody } from "./merge-extra-body";
import { nativeToolCallIds } from "./native-tool-call-ids";
import { templateKwargs } from "./template-kwargs";
import type { TranslatedRequest } from "./translate-request";

export interface TranslateChatRequestOptions {
  /** Whether thinking is on for this request (`chatThinkingEnabled`). */
  readonly thinking: boolean;
}

/**
 * Fields the gateway sets itself (the model, streaming with usage, one choice) or that only mean something
 * on OpenAI's platform (storage, tiers, its prompt cache); the rest of the client's request is passed on
 * as sent, so sampling fields and vendor fields a server understands (top_k, min_p, repetition_penalty…) work.
 */
const OWNED_FIELDS = new Set([
  "model",
  "stream",
  "stream_options",
  "n",
  "max_completion_tokens",
  "store",
  "metadata",
  "service_tier",
  "prompt_cache_key",
  "safety_identifier",
]);

const REASONING_FIELDS = ["reasoning_content", "reasoning"] as const;

/**
 * An OpenAI client's Chat Completions request (or a Responses request turned into one) → the request for
 * the model's upstream (docs/http-api.md §6): the client's own format, so little changes. The model is
 * replaced, the upstream is always streamed with usage, `max_completion_tokens` becomes `max_tokens`
 * clamped to `max_output_tokens`, `developer` messages become `system` (open-model templates know no
 * developer role), past reasoning goes in the model's `reasoning_field`, non-function tools are dropped,
 * the thinking switch and the dialects' fields are set, and the model's `extra_body` is merged last.
 */
export function translateChatRequest(
  request: Readonly<Record<string, unknown>>,
  plan: Pick<ModelPlan, "thinkingKwarg" | "requestFields" | "historyToolCallId" | "template">,
  model: Pick<ModelConfig, "maxOutputTokens" | "upstream">,
  options: TranslateChatRequestOptions,
): TranslatedRequest {
  const warnings: string[] = [];
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (!OWNED_FIELDS.has(key)) body[key] = value;
  }
  body.model = model.upstream.model;

  const translated = applyTemplateRules(
    (request.messages as readonly Record<string, unknown>[]).map((message) =>
      translateMessage(message, model.upstream.reasoningField),
    ) as unknown as ChatMessage[],
    plan.template,
  );
  body.messages =
    plan.historyToolCallId === undefined ? translated : nativeToolCallIds(translated, plan.historyToolCallId);

  const tools = functionTools(request.tools, warnings);
  if (tools === undefined || tools.length === 0) {
    // vLLM rejects tool_choice without tools ("When using `tool_choice`, `tools` must be set"); the
    // transcoder still honours parallel_tool_calls: false from the client's request.
    delete body.tools;
    delete body.tool_choice;
    delete body.parallel_tool_calls;
  } else {
    body.tools = tools;
  }

  const asked = numberField(request.max_completion_tokens) ?? numberField(request.max_tokens);
  const limit = model.maxOutputTokens;
  const maxTokens = asked === undefined ? limit : limit === undefined ? asked : Math.min(asked, limit);
  if (maxTokens === undefined) delete body.max_tokens;
  else body.max_tokens = maxTokens;

  // Always streamed upstream, with usage in the last chunk; `stream: false` is aggregated by the gateway.
  body.stream = true;
  body.stream_options = { include_usage: true };
  const clientKwargs = isMapping(request.chat_template_kwargs) ? request.chat_template_kwargs : {};
  Object.assign(body, templateKwargs(plan, options.thinking, clientKwargs));
  // What the dialects' markers need (special tokens kept in the text); the config's extra_body still wins.
  Object.assign(body, plan.requestFields);
  const merged = mergeExtraBody(body, model.upstream.extraBody) as TranslatedRequest["body"];
  return {
    body: merged,
    warnings,
    startsInReasoning: answerStartsInReasoning(plan.template, merged.messages, options.thinking),
  };
}

function translateMessage(
  message: Readonly<Record<string, unknown>>,
  reasoningField: string,
): Record<string, unknown> {
  if (message.role === "developer") return { ...message, role: "system" };
  if (message.role !== "assistant") return { ...message };
  const result: Record<string, unknown> = {};
  let reasoning: unknown;
  for (const [key, value] of Object.entries(message)) {
    if ((REASONING_FIELDS as readonly string[]).includes(key)) reasoning ??= value;
    else result[key] = value;
  }
  if (typeof reasoning === "string" && reasoning !== "") result[reasoningField] = reasoning;
  return result;
}

/** Only function tools reach a chat upstream; others (OpenAI's hosted tools, custom grammars) are dropped. */
function functionTools(tools: unknown, warnings: string[]): unknown[] | undefined {
  if (!Array.isArray(tools)) return undefined;
  return tools.filter((tool, index) => {
    const kept = isMapping(tool) && tool.type === "function" && isMapping(tool.function);
    if (!kept) {
      const type = isMapping(tool) && typeof tool.type === "string" ? tool.type : typeof tool;
      warnings.push(`tools.${index}: a ${type.slice(0, 64)} tool is not a function tool; dropped`);
    }
    return kept;
  });
}

function numberField(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
