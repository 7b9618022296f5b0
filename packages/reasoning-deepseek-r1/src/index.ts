export { deepseekR1Policy, deepseekR1ReasoningDialect } from "./deepseek-r1-reasoning-dialect";
