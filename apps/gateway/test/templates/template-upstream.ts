import { type Script, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { type TemplateModelOptions, templateModelFor } from "./template-model-for";

export interface RenderedRequest {
  /** The request's position among all requests this upstream received. */
  readonly index: number;
  readonly prompt: string;
  /** The prompt without the generation prompt: what the next request of a tool loop starts with. */
  readonly conversation: string;
}

export interface TemplateUpstream extends ScriptedUpstream {
  /** The rendered prompt of each chat-completions request the template accepted, in arrival order. */
  readonly prompts: RenderedRequest[];
  /** The exception text of each request the template refused. */
  readonly refusals: string[];
}

/**
 * A scripted upstream that renders each chat-completions request with the preset's template model
 * first, as vLLM does: a template exception is answered with vLLM's 400 body, any other request goes
 * to `script`. Every other path goes to `script` unchanged.
 */
export async function startTemplateUpstream(
  preset: string,
  script: Script,
  options: TemplateModelOptions = {},
): Promise<TemplateUpstream> {
  const model = templateModelFor(preset, options);
  const prompts: RenderedRequest[] = [];
  const refusals: string[] = [];
  const upstream: ScriptedUpstream = await startScriptedUpstream((request) => {
    if (request.path !== "/v1/chat/completions") return script(request);
    const result = model.render(request.body);
    // The scripted upstream records the request before it asks the script.
    const index = upstream.requests.length - 1;
    if (!result.ok) {
      refusals.push(result.message);
      return { status: 400, body: vllmError(result.message) };
    }
    prompts.push({ index, prompt: result.prompt, conversation: result.conversation });
    return script(request);
  });
  return Object.assign(upstream, { prompts, refusals });
}

/** vLLM's error body for a request its chat template refused. */
export function vllmError(message: string): string {
  return JSON.stringify({ object: "error", message, type: "BadRequestError", param: null, code: 400 });
}
