import { formatPath } from "./format-path";

export interface EnvProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface ExpandEnvResult {
  readonly value: unknown;
  readonly problems: readonly EnvProblem[];
}

// `${NAME}` expands; `$${` is a literal `${` so a value can contain the sequence itself.
const REFERENCE = /\$(\$?)\{([^}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Expands `${VAR}` in every string value of a parsed YAML tree (keys are left alone). An unset
 * variable or a malformed reference is a problem naming it and its path; the string is kept as written.
 */
export function expandEnv(tree: unknown, env: Readonly<Record<string, string | undefined>>): ExpandEnvResult {
  const problems: EnvProblem[] = [];

  const expandString = (text: string, path: readonly PropertyKey[]): string => {
    let failed = false;
    const expanded = text.replace(REFERENCE, (reference, escaped: string, name: string) => {
      if (escaped !== "") return reference.slice(1);
      if (!VARIABLE_NAME.test(name)) {
        problems.push({ path, message: `Invalid environment variable reference ${reference}` });
        failed = true;
        return reference;
      }
      const value = Object.hasOwn(env, name) ? env[name] : undefined;
      if (value === undefined) {
        problems.push({ path, message: `Environment variable ${name} is not set` });
        failed = true;
        return reference;
      }
      return value;
    });
    return failed ? text : expanded;
  };

  const visit = (node: unknown, path: readonly PropertyKey[]): unknown => {
    if (typeof node === "string") return expandString(node, path);
    if (Array.isArray(node)) return node.map((item, index) => visit(item, [...path, index]));
    if (node !== null && typeof node === "object") {
      // Built with defineProperty so a `__proto__` key stays an own key the schema can reject.
      const copy: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        Object.defineProperty(copy, key, {
          value: visit(value, [...path, key]),
          enumerable: true,
          writable: true,
        });
      }
      return copy;
    }
    return node;
  };

  return { value: visit(tree, []), problems };
}

export function formatEnvProblem(problem: EnvProblem): string {
  return `${formatPath(problem.path)}: ${problem.message}`;
}
