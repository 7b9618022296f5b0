export { deepseekDsmlToolDialect } from "./deepseek-dsml-tool-dialect";
