/**
 * The agent types Claude Code 2.1.332 offers the Agent tool when neither the project nor the user
 * defines agents of their own, and how it matches a requested `subagent_type` against them
 * (docs/spec/claude-code-2.1.332.md §11.1).
 */

/** The types the binary lists as available, in its order (observed: unseen batch 9's `data-wizard`). */
export const CLAUDE_AVAILABLE_AGENT_TYPES: readonly string[] = ["claude", "Explore", "general-purpose", "Plan", "statusline-setup"];

/** Every built-in definition, the hidden `web-fetch` one too (bundle: `rA="web-fetch"`, filtered out of the listing). */
const BUILT_IN_AGENT_TYPES: readonly string[] = [...CLAUDE_AVAILABLE_AGENT_TYPES, "web-fetch"];

/** The key a requested type is matched by when it is no exact name: NFKC, lower case, white space, dashes and underscores dropped. [bundle `fte`] */
export const claudeAgentTypeKey = (type: string) =>
  type
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{White_Space}\p{Pd}_]+/gu, "");

/** Whether a requested type names a built-in definition, exactly or by its key (the binary then runs it, or refuses it otherwise than as unknown). */
export const namesBuiltInAgentType = (type: string) => BUILT_IN_AGENT_TYPES.some((known) => claudeAgentTypeKey(known) === claudeAgentTypeKey(type));

/** The refusal of a type that matches none (`is_error`, no `<tool_use_error>`). [bundle: `Agent type '${N}' not found. Available agents: …`; observed] */
export const unknownAgentTypeMessage = (type: string) => `Agent type '${type}' not found. Available agents: ${CLAUDE_AVAILABLE_AGENT_TYPES.join(", ")}`;
