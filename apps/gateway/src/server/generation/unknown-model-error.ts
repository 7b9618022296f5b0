import { type GatewayError, gatewayError } from "@sluice/events";
import { boundedForMessage } from "./bounded-for-message";

// Enough to recognise the config; a gateway with dozens of models would bury the fix under the list.
const LISTED_MODELS = 8;

/**
 * The 404 for a model name no name or alias routes (docs/http-api.md §5), saying what does exist and how to
 * route the name: an alias glob, or, on the Anthropic route, Claude Code's model variables; on the OpenAI
 * routes, a configured name. It starts with each API's own wording (`model: NAME`, "The model `NAME` does not
 * exist"), which clients recognise; a huge name is not echoed whole.
 */
export function unknownModelError(
  requested: string,
  models: readonly { readonly name: string }[],
  surface: "anthropic" | "openai",
): GatewayError {
  const names = models.map((model) => model.name);
  const listed = names.slice(0, LISTED_MODELS).join(", ");
  const more = names.length > LISTED_MODELS ? ` and ${names.length - LISTED_MODELS} more` : "";
  const first = names[0] ?? "NAME";
  const name = boundedForMessage(requested);
  if (surface === "openai") {
    return gatewayError(
      "not_found",
      `The model \`${name}\` does not exist on this gateway: no model has that name or an alias matching it. It serves ${listed}${more}; ask for one of them (Codex: -m ${first}), or add an alias glob that matches the name to a model (aliases: ["gpt-*"] routes Codex's default names)`,
    );
  }
  return gatewayError(
    "not_found",
    `model: ${name}: no model of this gateway has that name or an alias matching it (it serves ${listed}${more}). Add an alias glob to a model (aliases: ["claude-*"] routes every Claude Code name), or start Claude Code with ANTHROPIC_MODEL=${first} ANTHROPIC_DEFAULT_HAIKU_MODEL=${first} (sluice code sets both)`,
  );
}
