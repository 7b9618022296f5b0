export { glm45ToolDialect } from "./glm45-tool-dialect";
export { glm47ToolDialect } from "./glm47-tool-dialect";
