import type { JsonSchema, ToolSchemas } from "@sluice/core";
import { isServerTool, type MessagesRequest } from "@sluice/protocol-anthropic";

/** The request's client tools, name → input schema, for the tool parsers (a `Map`: names come from the wire). */
export function toolSchemas(request: Partial<Pick<MessagesRequest, "tools">>): ToolSchemas {
  const schemas = new Map<string, JsonSchema>();
  for (const tool of request.tools ?? []) {
    if (!isServerTool(tool)) schemas.set(tool.name, tool.input_schema);
  }
  return schemas;
}
