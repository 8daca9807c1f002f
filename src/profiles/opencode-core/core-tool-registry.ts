import { applyPatchTool } from "./core-format-apply-patch.js";
import { bashTool } from "./core-format-bash.js";
import { editTool } from "./core-format-edit.js";
import { globTool } from "./core-format-glob.js";
import { grepTool } from "./core-format-grep.js";
import { questionTool } from "./core-format-question.js";
import { readTool } from "./core-format-read.js";
import { skillTool } from "./core-format-skill.js";
import { todowriteTool } from "./core-format-todowrite.js";
import { webfetchTool } from "./core-format-webfetch.js";
import { websearchTool } from "./core-format-websearch.js";
import { writeTool } from "./core-format-write.js";
import type { CoreTool } from "./core-tool-definition.js";

/**
 * The v2 tools, by name (no `invalid`, no `task`).
 * @see spec §0.2 (v2 tools), README "Verified against the released binary's v2 runner" (tools offered)
 */
// biome-ignore lint/suspicious/noExplicitAny: a table of tools whose input and observation types differ per entry
export const coreTools: Readonly<Record<string, CoreTool<any, any>>> = {
  apply_patch: applyPatchTool,
  bash: bashTool,
  edit: editTool,
  glob: globTool,
  grep: grepTool,
  question: questionTool,
  read: readTool,
  skill: skillTool,
  todowrite: todowriteTool,
  webfetch: webfetchTool,
  websearch: websearchTool,
  write: writeTool,
};

/** The registered tool, or undefined. */
export function findCoreTool(name: string): CoreTool<unknown, unknown> | undefined {
  return Object.hasOwn(coreTools, name) ? (coreTools[name] as CoreTool<unknown, unknown>) : undefined;
}
