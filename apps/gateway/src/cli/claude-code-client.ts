import type { Client, ClientTarget } from "./client";

/**
 * Claude Code, by its environment (docs/config.md, "Routing Claude Code"): the gateway's origin, the token
 * as `ANTHROPIC_AUTH_TOKEN` (an `ANTHROPIC_API_KEY` makes interactive Claude Code ask whether to use that key,
 * default No, so sluice's environment's one is removed, and it would reach the gateway as well), the model
 * names so that no alias is needed, no nonessential traffic (it would go to the gateway), and the context
 * window it should compact at when the gateway learnt one.
 */
export const CLAUDE_CODE: Client = {
  executable: "claude",
  displayName: "Claude Code",
  install: "npm i -g @anthropic-ai/claude-code",
  namesOf: (models) => [models.main, models.background, models.opus, models.sonnet],
  launch({ origin, token, models, contextWindow, clientArgs }: ClientTarget) {
    return {
      executable: "claude",
      args: [...clientArgs],
      env: {
        ANTHROPIC_BASE_URL: origin,
        ANTHROPIC_AUTH_TOKEN: token,
        ANTHROPIC_MODEL: models.main,
        ANTHROPIC_DEFAULT_OPUS_MODEL: models.opus,
        ANTHROPIC_DEFAULT_SONNET_MODEL: models.sonnet,
        ANTHROPIC_DEFAULT_HAIKU_MODEL: models.background,
        // What Claude Code versions before the ANTHROPIC_DEFAULT_* variables read.
        ANTHROPIC_SMALL_FAST_MODEL: models.background,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        ...(contextWindow === undefined ? {} : { CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(contextWindow) }),
      },
      unset: ["ANTHROPIC_API_KEY"],
    };
  },
};
