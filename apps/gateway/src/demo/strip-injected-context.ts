/**
 * Blocks Claude Code writes into a user turn that the user did not type: reminders (the gateway's template
 * rules put late system messages there too), CLAUDE.md context, slash-command records, hook output, the
 * output of `!` shell commands, and the Warmup caveats; Codex's environment and AGENTS.md context.
 */
const INJECTED_TAGS = [
  "system-reminder",
  "command-name",
  "command-message",
  "command-args",
  "local-command-stdout",
  "local-command-stderr",
  "local-command-caveat",
  "user-prompt-submit-hook",
  "bash-input",
  "bash-stdout",
  "bash-stderr",
  "environment_context",
  "user_instructions",
];

// An unclosed block runs to the end: a cut-off reminder is still not the user's words.
const INJECTED_BLOCK = new RegExp(
  `<(${INJECTED_TAGS.join("|")})(?:\\s[^>]*)?>[\\s\\S]*?(?:</\\1\\s*>|$)`,
  "g",
);

/** The user's own words in a message: `text` without the blocks Claude Code injects, trimmed. */
export function stripInjectedContext(text: string): string {
  return text.replace(INJECTED_BLOCK, " ").trim();
}

/** Only those blocks, joined: where Claude Code 2.x and Codex state the working directory. */
export function injectedContext(text: string): string {
  return Array.from(text.matchAll(INJECTED_BLOCK), (match) => match[0]).join("\n");
}
