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
          // Claude Code 2.1.197 has it; the demo once filled it with "demo" and the Read failed.
          pages: {
            type: "string",
            description:
              'Page range for PDF files (e.g., "1-5", "3", "10-20"). Only applicable to PDF files.',
          },
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

const draft07 = "http://json-schema.org/draft-07/schema#";

/** The rest of the tools interactive Claude Code 2.x offers (descriptions cut to their first sentences). */
const moreClaudeCodeSchemas = new Map<string, { description: string; parameters: JsonSchema }>([
  [
    "Task",
    {
      description:
        "Launch a new agent to handle complex, multi-step tasks autonomously. The Task tool launches specialized agents (subprocesses) that autonomously handle complex tasks.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          description: { type: "string", description: "A short (3-5 word) description of the task" },
          prompt: { type: "string", description: "The task for the agent to perform" },
          subagent_type: {
            type: "string",
            description: "The type of specialized agent to use for this task",
          },
        },
        required: ["description", "prompt", "subagent_type"],
        additionalProperties: false,
      },
    },
  ],
  [
    "Glob",
    {
      description:
        '- Fast file pattern matching tool that works with any codebase size\n- Supports glob patterns like "**/*.js" or "src/**/*.ts"\n- Returns matching file paths sorted by modification time',
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          pattern: { type: "string", description: "The glob pattern to match files against" },
          path: {
            type: "string",
            description:
              "The directory to search in. If not specified, the current working directory will be used.",
          },
        },
        required: ["pattern"],
        additionalProperties: false,
      },
    },
  ],
  [
    "Grep",
    {
      description:
        "A powerful search tool built on ripgrep\n\n  Usage:\n  - ALWAYS use Grep for search tasks.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          pattern: {
            type: "string",
            description: "The regular expression pattern to search for in file contents",
          },
          path: {
            type: "string",
            description: "File or directory to search in. Defaults to current working directory.",
          },
          glob: { type: "string", description: 'Glob pattern to filter files (e.g. "*.js")' },
          output_mode: { type: "string", enum: ["content", "files_with_matches", "count"] },
          "-i": { type: "boolean", description: "Case insensitive search" },
        },
        required: ["pattern"],
        additionalProperties: false,
      },
    },
  ],
  [
    "ExitPlanMode",
    {
      description:
        "Use this tool when you are in plan mode and have finished presenting your plan and are ready to code. This will prompt the user to exit plan mode.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: { plan: { type: "string", description: "The plan you came up with" } },
        required: ["plan"],
        additionalProperties: false,
      },
    },
  ],
  [
    "Write",
    {
      description: "Writes a file to the local filesystem.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          file_path: { type: "string", description: "The absolute path to the file to write" },
          content: { type: "string", description: "The content to write to the file" },
        },
        required: ["file_path", "content"],
        additionalProperties: false,
      },
    },
  ],
  [
    "NotebookEdit",
    {
      description:
        "Completely replaces the contents of a specific cell in a Jupyter notebook (.ipynb file) with new source.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          notebook_path: { type: "string", description: "The absolute path to the Jupyter notebook file" },
          cell_id: { type: "string", description: "The ID of the cell to edit." },
          new_source: { type: "string", description: "The new source for the cell" },
          cell_type: { type: "string", enum: ["code", "markdown"] },
          edit_mode: { type: "string", enum: ["replace", "insert", "delete"] },
        },
        required: ["notebook_path", "new_source"],
        additionalProperties: false,
      },
    },
  ],
  [
    "WebFetch",
    {
      description:
        "- Fetches content from a specified URL and processes it using an AI model\n- Takes a URL and a prompt as input",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          url: { type: "string", format: "uri", description: "The URL to fetch content from" },
          prompt: { type: "string", description: "The prompt to run on the fetched content" },
        },
        required: ["url", "prompt"],
        additionalProperties: false,
      },
    },
  ],
  [
    "WebSearch",
    {
      description:
        "- Allows Claude to search the web and use the results to inform responses\n- Provides up-to-date information for current events and recent data",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          query: { type: "string", minLength: 2, description: "The search query to use" },
          allowed_domains: { type: "array", items: { type: "string" } },
          blocked_domains: { type: "array", items: { type: "string" } },
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
  ],
  [
    "BashOutput",
    {
      description: "- Retrieves output from a running or completed background bash shell",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          bash_id: { type: "string", description: "The ID of the background shell to retrieve output from" },
          filter: { type: "string", description: "Optional regular expression to filter the output lines." },
        },
        required: ["bash_id"],
        additionalProperties: false,
      },
    },
  ],
  [
    "KillShell",
    {
      description: "- Kills a running background bash shell by its ID",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: { shell_id: { type: "string", description: "The ID of the background shell to kill" } },
        required: ["shell_id"],
        additionalProperties: false,
      },
    },
  ],
  [
    "AskUserQuestion",
    {
      description:
        "Use this tool when you need to ask the user questions during execution. This allows you to gather user preferences or requirements, clarify ambiguous instructions, and get decisions on implementation choices as you work.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          questions: {
            type: "array",
            minItems: 1,
            maxItems: 4,
            description: "Questions to ask the user (1-4 questions)",
            items: {
              type: "object",
              properties: {
                question: { type: "string", description: "The complete question to ask the user." },
                header: {
                  type: "string",
                  description: "Very short label displayed as a chip/tag (max 12 chars).",
                },
                options: {
                  type: "array",
                  minItems: 2,
                  maxItems: 4,
                  items: {
                    type: "object",
                    properties: {
                      label: { type: "string", description: "The display text for this option." },
                      description: { type: "string", description: "Explanation of what this option means." },
                    },
                    required: ["label", "description"],
                    additionalProperties: false,
                  },
                },
                multiSelect: { type: "boolean", description: "Set to true to allow multiple selections." },
              },
              required: ["question", "header", "options", "multiSelect"],
              additionalProperties: false,
            },
          },
          answers: { type: "object", additionalProperties: { type: "string" } },
        },
        required: ["questions"],
        additionalProperties: false,
      },
    },
  ],
  [
    "SlashCommand",
    {
      description: "Execute a slash command within the main conversation.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          command: {
            type: "string",
            description: 'The slash command to execute with its arguments, e.g., "/review-pr 123"',
          },
        },
        required: ["command"],
        additionalProperties: false,
      },
    },
  ],
  [
    "Skill",
    {
      description: "Execute a skill within the main conversation.",
      parameters: {
        $schema: draft07,
        type: "object",
        properties: {
          skill: { type: "string", description: 'The skill name (no arguments). E.g., "pdf" or "xlsx"' },
        },
        required: ["skill"],
        additionalProperties: false,
      },
    },
  ],
]);

/** Claude Code's tools in an interactive session, in its order, as Anthropic `tools` (what it sends). */
export const claudeCodeSessionTools = [
  "Task",
  "Bash",
  "Glob",
  "Grep",
  "ExitPlanMode",
  "Read",
  "Edit",
  "Write",
  "NotebookEdit",
  "WebFetch",
  "TodoWrite",
  "WebSearch",
  "BashOutput",
  "KillShell",
  "AskUserQuestion",
  "SlashCommand",
  "Skill",
].map((name) => {
  const { description, parameters } = claudeCodeSchemas.get(name) ?? moreClaudeCodeSchemas.get(name)!;
  return { name, description, input_schema: parameters };
});

/** Every Claude Code schema by name, the session's and the test tools'. */
export const allClaudeCodeSchemas = new Map([...claudeCodeSchemas, ...moreClaudeCodeSchemas]);
