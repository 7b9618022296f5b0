import type { Glm45Limits } from "./glm45-limits";

/** Bounds on what the parser holds while deciding; the defaults suit every model seen so far. */
export type Glm45ToolOptions = Partial<Glm45Limits>;
