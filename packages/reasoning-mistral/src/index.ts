export { mistralPolicy, mistralReasoningDialect } from "./mistral-reasoning-dialect";
