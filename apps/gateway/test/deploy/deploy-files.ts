import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

/** A path from the repository root (this file is apps/gateway/test/deploy/). */
export function repoPath(path: string): string {
  return new URL(`../../../../${path}`, import.meta.url).pathname;
}

export function readRepoFile(path: string): string {
  return readFileSync(repoPath(path), "utf8");
}

/** Every YAML document of a repository file, as plain data; a syntax error fails the test that reads it. */
export function readYamlDocuments(path: string): unknown[] {
  return parseAllDocuments(readRepoFile(path)).map((document) => {
    if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0]?.message}`);
    return document.toJS();
  });
}

/** A Kubernetes object as far as the tests read it. */
export interface KubernetesObject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { readonly name?: string };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are read as free-form YAML; each test checks its keys.
  readonly spec?: any;
}
