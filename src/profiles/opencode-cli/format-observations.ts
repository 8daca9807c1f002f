/**
 * The observations the opencode-cli profile formats: the types generated from
 * schemas/observations/<tool>.json (src/generated/), under the names the formatters use.
 */
import type {
  ApplyPatchFacts,
  BashFacts,
  Diagnostics,
  EditFacts,
  GlobFacts,
  GrepFacts,
  Instruction,
  QuestionFacts,
  ReadDirectory,
  ReadFile,
  ReadMissing,
  SkillFacts,
  TaskFacts,
  WebfetchFacts,
  WebsearchFacts,
  WriteFacts,
} from "../../generated/schema-types.js";

export type { ErrorObservation } from "../../generated/schema-types.js";

/** schemas/observations/diagnostics.json: LSP diagnostics keyed by absolute path, report order. */
export type DiagnosticsObservation = Diagnostics;
/** One LSP diagnostic (0-based positions). */
export type LspDiagnostic = Diagnostics[string][number];

export type BashObservation = BashFacts;
export type ReadObservation = ReadFileObservation | ReadDirectoryObservation | ReadMissingObservation;
/** An AGENTS.md-style reminder. */
export type InstructionObservation = Instruction;
export type ReadFileObservation = ReadFile;
export type ReadDirectoryObservation = ReadDirectory;
export type ReadMissingObservation = ReadMissing;
export type WriteObservation = WriteFacts;
export type EditObservation = EditFacts;
/** Why an edit failed. */
export type EditError = NonNullable<EditFacts["error"]>;
export type ApplyPatchObservation = ApplyPatchFacts;
export type GrepObservation = GrepFacts;
export type GlobObservation = GlobFacts;
export type WebfetchObservation = WebfetchFacts;
export type WebsearchObservation = WebsearchFacts;
export type QuestionObservation = QuestionFacts;
export type TaskObservation = TaskFacts;
export type SkillObservation = SkillFacts;

/**
 * An MCP content item as this profile reads it. schemas/observations/mcp.json leaves the items
 * open (any MCP content); the profile formats text, image and resource items and ignores others.
 */
export interface McpContentItem {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

/** schemas/observations/mcp.json, items read as McpContentItem. */
export interface McpObservation {
  content: McpContentItem[];
}
