import { applyPatchTool } from "./apply-patch/core-format-apply-patch.js";
import { bashTool } from "./bash/core-format-bash.js";
import type { CoreTool } from "./core-tool-definition.js";
import { editTool } from "./edit/core-format-edit.js";
import { globTool } from "./glob/core-format-glob.js";
import { grepTool } from "./grep/core-format-grep.js";
import { questionTool } from "./question/core-format-question.js";
import { readTool } from "./read/core-format-read.js";
import { skillTool } from "./skill/core-format-skill.js";
import { todowriteTool } from "./todowrite/core-format-todowrite.js";
import { webfetchTool } from "./webfetch/core-format-webfetch.js";
import { websearchTool } from "./websearch/core-format-websearch.js";
import { writeTool } from "./write/core-format-write.js";

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
