/**
 * Blocks Claude Code writes into a user turn that the user did not type: reminders, CLAUDE.md context,
 * slash-command records, hook output, the output of `!` shell commands, and the Warmup caveats.
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
