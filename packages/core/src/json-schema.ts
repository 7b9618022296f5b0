/** A JSON Schema as it arrives in a request's tool definition: opaque, read defensively. */
export type JsonSchema = { readonly [key: string]: unknown };

/** The request's tools: tool name → the JSON schema of its input. */
export type ToolSchemas = ReadonlyMap<string, JsonSchema>;
