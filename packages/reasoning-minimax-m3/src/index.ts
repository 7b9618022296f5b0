export { minimaxM3Policy, minimaxM3ReasoningDialect } from "./minimax-m3-reasoning-dialect";
