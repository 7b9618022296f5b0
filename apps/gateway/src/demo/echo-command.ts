import { quoteExcerpt } from "./quote-excerpt";

/**
 * A shell command that only prints: `echo 'Sluice demo: <the user's first words>'`. Letters, digits and
 * plain punctuation only, inside single quotes, so nothing in the user's text can reach the shell.
 */
export function echoCommand(userText: string): string {
  const words = quoteExcerpt(userText, 8)
    .replace(/[^A-Za-z0-9 ,.:?!-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80)
    .trim();
  return `echo 'Sluice demo: ${words || "hello"}'`;
}
