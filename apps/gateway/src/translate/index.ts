export { estimateTokens } from "./estimate-tokens";
export { type TokenizeRequestBody, tokenizeRequestBody } from "./tokenize-request-body";
export { toolSchemas } from "./tool-schemas";
export { type TranslatedRequest, type TranslateRequestOptions, translateRequest } from "./translate-request";
