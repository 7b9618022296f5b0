export { DEFAULT_GLM45_LIMITS, type Glm45Limits } from "./glm45-limits";
export { glm45ToolDialect } from "./glm45-tool-dialect";
export type { Glm45ToolOptions } from "./glm45-tool-options";
export { Glm45ToolParser } from "./glm45-tool-parser";
export { glm47ToolDialect } from "./glm47-tool-dialect";
