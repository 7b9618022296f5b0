/** The documents (from the repository root) whose dialect and preset tables are generated. */
export const DOCUMENTS_WITH_TABLES = ["README.md", "docs/config.md", "docs/dialects.md"] as const;
