export { qwen3Policy, qwen3ReasoningDialect } from "./qwen3-reasoning-dialect";
