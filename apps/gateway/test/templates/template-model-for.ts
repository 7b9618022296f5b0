import { deepseekR1Template } from "./deepseek-r1-template";
import { deepseekV4Template } from "./deepseek-v4-template";
import { deepseekV31Template } from "./deepseek-v31-template";
import { deepseekV32Template } from "./deepseek-v32-template";
import { gemma4Template } from "./gemma4-template";
import { glmTemplate } from "./glm-template";
import { gptOssTemplate } from "./gpt-oss-template";
import { hermesTemplate } from "./hermes-template";
import { kimiK2Template } from "./kimi-k2-template";
import { kimiK3Template } from "./kimi-k3-template";
import { kimiK25Template } from "./kimi-k25-template";
import { minimaxM2Template } from "./minimax-m2-template";
import { minimaxM3Template } from "./minimax-m3-template";
import { mistralTemplate } from "./mistral-template";
import { type ContentFormat, prepareVllmMessages } from "./prepare-vllm-messages";
import { qwen3CoderTemplate } from "./qwen3-coder-template";
import { qwen3Template } from "./qwen3-template";
import { qwen35Template } from "./qwen35-template";
import { seedOssTemplate } from "./seed-oss-template";
import { stepTemplate } from "./step-template";
import { type FamilyRender, type RenderResult, TemplateError, type TemplateModel } from "./template-model";

interface Family {
  readonly render: FamilyRender;
  /** How vLLM hands this template its contents (see prepare-vllm-messages). */
  readonly format: ContentFormat;
}

/**
 * The gateway's preset names (apps/gateway/src/config/presets.ts), `qwen3.6` for its switch, and variants the
 * same preset serves (`kimi-k2-thinking`, DeepSeek V3.1 with its template fixed).
 */
const FAMILIES: Readonly<Record<string, Family>> = {
  "qwen3.5": { render: qwen35Template({ preserveThinking: false }), format: "string" },
  "qwen3.6": { render: qwen35Template({ preserveThinking: true }), format: "string" },
  // Step 3.5/3.7 Flash (StepFun3.7-Flash.jinja): Qwen3.5's turns, system messages in place, tool results in a
  // `tool_response` turn, a generation prompt that always opens `<think>`.
  "step-3.5": { render: stepTemplate, format: "openai" },
  // Seed-OSS (ByteDance-Seed-OSS.jinja): `<seed:bos>` turns, every past reasoning kept, the model opening
  // `<seed:think>` itself.
  "seed-oss": { render: seedOssTemplate, format: "string" },
  // gpt-oss (harmony): the developer message first, a finished tool loop's analysis dropped, one call per turn.
  "gpt-oss": { render: gptOssTemplate, format: "string" },
  // Gemma 4: `<|turn>` turns, tool results as the calling turn's tool_responses, the thought channel stripped;
  // contents as strings, as vLLM hands them with --chat-template-content-format string (docs/dialects.md §5).
  "gemma-4": { render: gemma4Template, format: "string" },
  qwen3: { render: qwen3Template, format: "string" },
  "qwen3-coder": { render: qwen3CoderTemplate, format: "string" },
  hermes: { render: hermesTemplate, format: "string" },
  "glm-4.5": { render: glmTemplate("4.5"), format: "openai" },
  "glm-4.7": { render: glmTemplate("4.7"), format: "openai" },
  "minimax-m2": { render: minimaxM2Template, format: "openai" },
  "minimax-m3": { render: minimaxM3Template, format: "openai" },
  "deepseek-r1": { render: deepseekR1Template, format: "string" },
  "deepseek-v3.1": { render: deepseekV31Template({ argumentsAsJson: false }), format: "string" },
  // The stock template fixed as the gateway's error advises (arguments written with `| tojson`).
  "deepseek-v3.1-tojson": { render: deepseekV31Template({ argumentsAsJson: true }), format: "string" },
  "deepseek-v3.2": { render: deepseekV32Template, format: "string" },
  // No V4.1 template is public; DeepSeek's V4 rules stand in for it.
  "deepseek-v4": { render: deepseekV4Template, format: "string" },
  "deepseek-v4.1": { render: deepseekV4Template, format: "string" },
  mistral: { render: mistralTemplate, format: "openai" },
  "kimi-k2": { render: kimiK2Template, format: "openai" },
  "kimi-k2-thinking": { render: kimiK25Template({ openThink: false }), format: "string" },
  "kimi-k2.5": { render: kimiK25Template({ openThink: true }), format: "string" },
  // Kimi K3 (Kimi-K3.jinja): XTML messages; its `render_content` loops over a list content.
  "kimi-k3": { render: kimiK3Template, format: "openai" },
};

export const TEMPLATE_PRESETS: readonly string[] = Object.keys(FAMILIES);

export interface TemplateModelOptions {
  /** The request field past reasoning is read from: vLLM's `reasoning` (default) or SGLang's name. */
  readonly reasoningField?: "reasoning" | "reasoning_content";
}

/** The template model of a preset; throws for a name no family answers to. */
export function templateModelFor(preset: string, options: TemplateModelOptions = {}): TemplateModel {
  const family = FAMILIES[preset];
  if (family === undefined) throw new Error(`no template model for preset ${preset}`);
  return {
    preset,
    render(body): RenderResult {
      const messages = prepareVllmMessages(
        Array.isArray(body.messages) ? body.messages : [],
        family.format,
        options.reasoningField,
      );
      const tools = Array.isArray(body.tools) ? (body.tools as unknown[]) : undefined;
      const kwargs = (body.chat_template_kwargs ?? {}) as Record<string, unknown>;
      try {
        const { conversation, generation } = family.render({ messages, tools, kwargs });
        return { ok: true, prompt: conversation + generation, conversation, generation };
      } catch (error) {
        if (error instanceof TemplateError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
