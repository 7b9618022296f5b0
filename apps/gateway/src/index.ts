export * from "./config/index";
export * from "./demo/index";
export * from "./server/index";
export * from "./translate/index";
export * from "./upstream/index";
