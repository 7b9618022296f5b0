export { seedOssPolicy, seedOssReasoningDialect } from "./seed-oss-reasoning-dialect";
