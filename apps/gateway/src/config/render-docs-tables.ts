import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import { DIALECTS, findReasoningDialect } from "./dialect-registry";
import { PRESETS } from "./presets";

/**
 * The docs' tables of dialects and presets, made from the registry and the preset list (so adding a
 * dialect never means editing a table by hand): `pnpm docs:tables` writes them into README.md and docs/,
 * between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`, and a test fails when they are stale.
 */
export const DOCS_TABLES: Readonly<Record<string, () => string>> = {
  presets: renderPresetTable,
  dialects: renderDialectTable,
  templates: renderTemplateTable,
};

export function renderPresetTable(): string {
  const rows = PRESETS.map((preset) => {
    const reasoning =
      preset.reasoningParser === "none" ? undefined : findReasoningDialect(preset.reasoningParser);
    const kwarg = preset.thinkingKwarg ?? reasoning?.thinkingKwarg;
    const thinking =
      kwarg !== undefined
        ? `\`chat_template_kwargs.${kwarg}\``
        : reasoning?.alwaysThinks === true
          ? "— (always thinks)"
          : "—";
    return [`\`${preset.name}\``, preset.reasoningParser, preset.toolParser, thinking];
  });
  return markdownTable(["preset", "reasoning", "tools", "thinking kwarg"], rows);
}

/** Each preset's template rules (docs/dialects.md §5), as the gateway applies them. */
export function renderTemplateTable(): string {
  const START = {
    always: "yes",
    "after-user": "only after a user message (not after a tool result)",
    never: "no: the model writes it",
  } as const;
  const rows = PRESETS.map((preset) => {
    const rules = preset.template ?? {};
    const thinks = preset.reasoningParser !== "none";
    const sent = [
      ...Object.entries(rules.kwargs ?? {}).map(([key, value]) => `\`${key}: ${JSON.stringify(value)}\``),
      ...(rules.thinkingAliases ?? []).map((name) => `\`${name}\` (= the thinking switch)`),
    ];
    const other = [
      ...(rules.textBesideCalls === "own-turn" ? ["a turn's text and its calls sent as two turns"] : []),
      ...(rules.toolResultNames === "from-call" ? ["each tool result named after its call"] : []),
      ...(rules.turns === "alternating"
        ? ["no two user turns in a row: the text beside tool results joins the last result"]
        : []),
      ...(rules.textBesideCalls === "in-reasoning" ? ["a call turn's text sent in its reasoning"] : []),
      ...(rules.callsPerTurn === "one" ? ["one call per turn, each before its result"] : []),
      ...(rules.reasoningFields === undefined
        ? []
        : [`past reasoning under ${rules.reasoningFields.map((field) => `\`${field}\``).join(" and ")}`]),
      ...(rules.toolResults === "tool_responses"
        ? ["tool results sent as the calling turn's `tool_responses`"]
        : []),
      ...(rules.serverFixes ?? []).map((fix) => `names the server fix for \`${fix.raises}\``),
    ];
    return [
      `\`${preset.name}\``,
      rules.systemMessages === "leading" ? "one, first; later ones as context in place" : "as sent, anywhere",
      !thinks
        ? "—"
        : rules.reasoningStart === undefined
          ? "yes (the dialect's default)"
          : START[rules.reasoningStart],
      sent.length === 0 ? "—" : sent.join(", "),
      other.length === 0 ? "—" : other.join("; "),
    ];
  });
  return markdownTable(
    [
      "preset",
      "system messages",
      "thinking on: the answer starts inside `<think>`",
      "template switches sent",
      "other",
    ],
    rows,
  );
}

export function renderDialectTable(): string {
  const rows = DIALECTS.map((dialect: ReasoningDialect | ToolDialect) => [
    `\`${dialect.id}\``,
    dialect.kind,
    dialect.aliases.length === 0 ? "—" : dialect.aliases.map((alias) => `\`${alias}\``).join(", "),
    dialect.description,
    dialect.requestFields === undefined
      ? "—"
      : Object.entries(dialect.requestFields)
          .map(([key, value]) => `\`${key}: ${JSON.stringify(value)}\``)
          .join(", "),
  ]);
  return markdownTable(
    ["name", "kind", "also accepted (peers' names)", "what it parses", "upstream request needs"],
    rows,
  );
}

/** A Markdown table; a `|` in a cell is escaped so it stays in its cell. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** `text` with every generated block replaced by its current rendering; blocks it does not have are left out. */
export function withCurrentTables(text: string): string {
  return withGeneratedBlocks(text, DOCS_TABLES);
}

/**
 * `text` with each `<!-- generated:NAME -->` … `<!-- /generated:NAME -->` block of `renderers` replaced by
 * what its renderer gives now (the registry's tables here, the workspace's package list in scripts/).
 */
export function withGeneratedBlocks(text: string, renderers: Readonly<Record<string, () => string>>): string {
  let result = text;
  for (const [name, render] of Object.entries(renderers)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    let from = 0;
    for (;;) {
      const open = result.indexOf(start, from);
      if (open === -1) break;
      const close = result.indexOf(end, open);
      if (close === -1) throw new Error(`${start} without ${end}`);
      const replacement = `${start}\n${render()}\n`;
      result = result.slice(0, open) + replacement + result.slice(close);
      from = open + replacement.length + end.length;
    }
  }
  return result;
}
