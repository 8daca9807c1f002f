/**
 * The tools Gemini CLI 0.61.0 registers for gemini-2.5-pro, in registry order (the declaration
 * order of its first request), and the parameter schemas it validates calls against (descriptions
 * left out: they do not change validation).
 * @see docs/spec/gemini-cli-0.61.0.md §10, §11, §12; fixtures/captures/gemini-cli/google-gemini-tools.1.declarations.json
 */
export const GEMINI_TOOL_NAMES: readonly string[] = [
  "update_topic",
  "list_directory",
  "read_file",
  "grep_search",
  "glob",
  "replace",
  "write_file",
  "web_fetch",
  "run_shell_command",
  "list_background_processes",
  "read_background_output",
  "google_web_search",
  "write_todos",
  "enter_plan_mode",
  "invoke_agent",
  "activate_skill",
];

/**
 * The registry in plan mode, in the order its requests declare them (observed: the tools of the
 * requests after enter_plan_mode, `gemini-plan-mode`): the read-only tools, the two writers (for
 * plans), exit_plan_mode and invoke_agent. A call to any other name is a tool not found.
 * @see docs/spec/gemini-cli-0.61.0.md §16.1
 */
export const GEMINI_PLAN_TOOL_NAMES: readonly string[] = [
  "update_topic",
  "list_directory",
  "read_file",
  "grep_search",
  "glob",
  "replace",
  "write_file",
  "google_web_search",
  "exit_plan_mode",
  "invoke_agent",
];

/**
 * Old names the registry still answers to, and the tool each now is (TOOL_LEGACY_ALIASES): a call
 * by the old name runs the tool, and its response keeps the name the model sent.
 * @see docs/spec/gemini-cli-0.61.0.md §7.1 [bundle: packages/core/src/tools/tool-names.ts, tool-registry.ts getTool]
 */
export const GEMINI_TOOL_ALIASES: Readonly<Record<string, string>> = { search_file_content: "grep_search" };

/** The tool a call runs: its name, or the tool an old name stands for. */
export const geminiToolOf = (name: string): string => (Object.hasOwn(GEMINI_TOOL_ALIASES, name) ? GEMINI_TOOL_ALIASES[name]! : name);

/** Parameter JSON Schemas (draft-07, as declared) of the tools the profile models. */
export const GEMINI_TOOL_SCHEMAS: Readonly<Record<string, Record<string, unknown>>> = {
  update_topic: {
    type: "object",
    properties: { title: { type: "string" }, summary: { type: "string" }, strategic_intent: { type: "string" }, wait_for_previous: { type: "boolean" } },
    required: ["strategic_intent"],
  },
  list_background_processes: { type: "object", properties: { wait_for_previous: { type: "boolean" } } },
  read_background_output: {
    type: "object",
    properties: { pid: { type: "integer" }, lines: { type: "integer", minimum: 1 }, delay_ms: { type: "integer" }, wait_for_previous: { type: "boolean" } },
    required: ["pid"],
  },
  enter_plan_mode: { type: "object", properties: { reason: { type: "string" } } },
  list_directory: {
    type: "object",
    properties: {
      dir_path: {
        type: "string",
      },
      ignore: {
        items: {
          type: "string",
        },
        type: "array",
      },
      file_filtering_options: {
        type: "object",
        properties: {
          respect_git_ignore: {
            type: "boolean",
          },
          respect_gemini_ignore: {
            type: "boolean",
          },
        },
      },
    },
    required: ["dir_path"],
  },
  read_file: {
    type: "object",
    properties: {
      file_path: {
        type: "string",
      },
      start_line: {
        type: "integer",
        minimum: 1,
      },
      end_line: {
        type: "integer",
        minimum: 1,
      },
    },
    required: ["file_path"],
  },
  grep_search: {
    type: "object",
    properties: {
      pattern: {
        type: "string",
      },
      dir_path: {
        type: "string",
      },
      include_pattern: {
        type: "string",
      },
      exclude_pattern: {
        type: "string",
      },
      names_only: {
        type: "boolean",
      },
      max_matches_per_file: {
        type: "integer",
        minimum: 1,
      },
      total_max_matches: {
        type: "integer",
        minimum: 1,
      },
    },
    required: ["pattern"],
  },
  glob: {
    type: "object",
    properties: {
      pattern: {
        type: "string",
      },
      dir_path: {
        type: "string",
      },
      case_sensitive: {
        type: "boolean",
      },
      respect_git_ignore: {
        type: "boolean",
      },
      respect_gemini_ignore: {
        type: "boolean",
      },
    },
    required: ["pattern"],
  },
  replace: {
    type: "object",
    properties: {
      file_path: {
        type: "string",
      },
      instruction: {
        type: "string",
      },
      old_string: {
        type: "string",
      },
      new_string: {
        type: "string",
      },
      allow_multiple: {
        type: "boolean",
      },
    },
    required: ["file_path", "instruction", "old_string", "new_string"],
  },
  write_file: {
    type: "object",
    properties: {
      file_path: {
        type: "string",
      },
      content: {
        type: "string",
      },
    },
    required: ["file_path", "content"],
  },
  web_fetch: {
    type: "object",
    properties: {
      prompt: {
        type: "string",
      },
    },
    required: ["prompt"],
  },
  run_shell_command: {
    type: "object",
    properties: {
      command: {
        type: "string",
      },
      description: {
        type: "string",
      },
      dir_path: {
        type: "string",
      },
      is_background: {
        type: "boolean",
      },
      delay_ms: {
        type: "integer",
      },
    },
    required: ["command"],
  },
  write_todos: {
    type: "object",
    properties: {
      todos: {
        type: "array",
        items: {
          type: "object",
          properties: {
            description: {
              type: "string",
            },
            status: {
              type: "string",
              enum: ["pending", "in_progress", "completed", "cancelled", "blocked"],
            },
          },
          required: ["description", "status"],
          additionalProperties: false,
        },
      },
    },
    required: ["todos"],
    additionalProperties: false,
  },
  google_web_search: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  invoke_agent: {
    type: "object",
    properties: { agent_name: { type: "string" }, prompt: { type: "string" }, wait_for_previous: { type: "boolean" } },
    required: ["agent_name", "prompt"],
  },
};

/**
 * activate_skill's schema: its `name` enum lists the skills the session discovered (the two the
 * installation holds, then the workspace's), so it is made per run. @see spec §16.4
 */
export function activateSkillSchema(skillNames: readonly string[]): Record<string, unknown> {
  return { type: "object", properties: { name: { type: "string", enum: [...skillNames] } }, required: ["name"], additionalProperties: false };
}
