import { readFileSync } from "node:fs";
import type { Config } from "./config";
import { ConfigError } from "./config-error";
import { type Environment, parseConfig } from "./parse-config";

/** Reads, expands and validates a YAML config file; throws `ConfigError` (every problem, with its path). */
export function loadConfig(path: string, env: Environment = process.env): Config {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(path, [`Cannot read the file: ${reason}`]);
  }
  return parseConfig(text, env, path);
}
