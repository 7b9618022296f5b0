export { deepseekV41Policy, deepseekV41ReasoningDialect } from "./deepseek-v41-reasoning-dialect";
