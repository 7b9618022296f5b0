/** What the scaffold registers: the package it made, its factory's name and the dialect's kind. */
export interface ScaffoldedDialect {
  packageName: string;
  factory: string;
  kind: "tool" | "reasoning";
}

/** `registry` (dialect-registry.ts) with the dialect imported (sorted) and in DIALECTS after its kind. */
export function withDialectRegistered(registry: string, dialect: ScaffoldedDialect): string;

/** `packageJson` (the gateway's package.json) with `packageName` as a sorted workspace dependency. */
export function withGatewayDependency(packageJson: string, packageName: string): string;
