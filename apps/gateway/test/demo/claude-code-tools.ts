import type { JsonSchema } from "@sluice/core";

/** Claude Code's tool definitions as it sends them (descriptions shortened), in OpenAI `tools` form. */
export const claudeCodeSchemas = new Map<string, { description: string; parameters: JsonSchema }>([
  [
    "Bash",
    {
      description: "Executes a given bash command in a persistent shell session with optional timeout.",
      parameters: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          command: { type: "string", description: "The command to execute" },
          timeout: { type: "number", description: "Optional timeout in milliseconds (max 600000)" },
          description: {
            type: "string",
            description: "Clear, concise description of what this command does in 5-10 words.",
          },
          run_in_background: {
            type: "boolean",
            description: "Set to true to run this command in the background.",
          },
        },
        required: ["command"],
        additionalProperties: false,
      },
    },
  ],
  [
    "Read",
    {
      description:
        "Reads a file from the local filesystem. You can access any file directly by using this tool.",
      parameters: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          file_path: { type: "string", description: "The absolute path to the file to read" },
          offset: { type: "number", description: "The line number to start reading from." },
          limit: { type: "number", description: "The number of lines to read." },
        },
        required: ["file_path"],
        additionalProperties: false,
      },
    },
  ],
  [
    "Edit",
    {
      description: "Performs exact string replacements in files.",
      parameters: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          file_path: { type: "string", description: "The absolute path to the file to modify" },
          old_string: { type: "string", description: "The text to replace" },
          new_string: {
            type: "string",
            description: "The text to replace it with (must be different from old_string)",
          },
          replace_all: {
            type: "boolean",
            default: false,
            description: "Replace all occurences of old_string",
          },
        },
        required: ["file_path", "old_string", "new_string"],
        additionalProperties: false,
      },
    },
  ],
  [
    "TodoWrite",
    {
      description:
        "Use this tool to create and manage a structured task list for your current coding session.",
      parameters: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          todos: {
            type: "array",
            description: "The updated todo list",
            items: {
              type: "object",
              properties: {
                content: { type: "string", minLength: 1 },
                status: { type: "string", enum: ["pending", "in_progress", "completed"] },
                activeForm: { type: "string", minLength: 1 },
              },
              required: ["content", "status", "activeForm"],
              additionalProperties: false,
            },
          },
        },
        required: ["todos"],
        additionalProperties: false,
      },
    },
  ],
  [
    "ScheduleMeeting",
    {
      description: "Books a meeting room.",
      parameters: {
        type: "object",
        $defs: {
          attendee: {
            type: "object",
            properties: { email: { type: "string", format: "email" } },
            required: ["email"],
          },
        },
        properties: {
          room: { type: "string", enum: ["north", "south"] },
          minutes: { type: "integer", minimum: 15, maximum: 120 },
          floor: { type: "integer", exclusiveMinimum: 0, maximum: 3 },
          priority: { type: "number", minimum: 0.5, maximum: 1 },
          attendees: { type: "array", minItems: 2, items: { $ref: "#/$defs/attendee" } },
          notes: { anyOf: [{ type: "null" }, { type: "string" }] },
          options: {
            type: "object",
            properties: { remote: { type: "boolean" }, tags: { type: "array", items: { type: "string" } } },
            required: ["remote", "tags"],
          },
          recurring: { type: ["boolean", "null"] },
        },
        required: ["room", "minutes", "floor", "priority", "attendees", "notes", "options", "recurring"],
      },
    },
  ],
]);

export const claudeCodeTools = [...claudeCodeSchemas].map(([name, { description, parameters }]) => ({
  type: "function",
  function: { name, description, parameters },
}));
