import { resolveInside } from "./resolve-inside";

/** Extensions of files people ask about; `example.com` and `Node.js` have a dot, but are not files here. */
const FILE_EXTENSIONS = new Set(
  (
    "md markdown mdx txt rst adoc org json jsonc json5 yaml yml toml ini cfg conf env lock xml csv tsv log sql " +
    "html htm css scss sass less js mjs cjs jsx ts mts cts tsx vue svelte astro py pyi ipynb rb go rs java kt " +
    "kts scala swift c h cc cpp cxx hpp cs fs php pl lua r dart ex exs erl hs ml clj sh bash zsh fish ps1 bat " +
    "gradle tf proto graphql gql svg pdf png jpg jpeg gif webp mk cmake nix zig sol"
  ).split(" "),
);

/** Files people name without an extension. */
const EXTENSIONLESS_FILES = new Set(["README", "LICENSE", "Makefile", "Dockerfile", "CHANGELOG", "Gemfile"]);

/**
 * The first file the user's words name (`README.md`, `src/index.ts`, `@docs/guide.md`, an absolute path)
 * that lies inside the working directory, as an absolute path; files outside it are passed over.
 */
export function findNamedFile(text: string, workingDirectory: string): string | undefined {
  for (const word of text.split(/\s+/)) {
    // Quotes, brackets and sentence punctuation around a path; `@` is Claude Code's file mention.
    const token = word.replace(/^[@"'`([{<]+|[)\]}>"'`,;:!?.]+$/g, "");
    if (!looksLikeFile(token)) continue;
    const path = resolveInside(workingDirectory, token);
    if (path !== undefined) return path;
  }
  return undefined;
}

function looksLikeFile(token: string): boolean {
  if (token.includes("://")) return false;
  const name = token.split(/[\\/]/).pop() ?? "";
  if (EXTENSIONLESS_FILES.has(name)) return true;
  // Dotfiles (`.env`, `.gitignore`) are files whatever follows the dot.
  if (/^\.[A-Za-z][\w.-]*$/.test(name)) return true;
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1];
  return (
    extension !== undefined &&
    name.length > extension.length + 1 &&
    FILE_EXTENSIONS.has(extension.toLowerCase())
  );
}
