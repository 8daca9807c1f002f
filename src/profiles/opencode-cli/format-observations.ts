/**
 * Local mirrors of schemas/observations/<tool>.json (the inputs of formatting), used until
 * src/generated/ provides them. Only what the opencode-cli profile reads.
 */

/** schemas/observations/error.json */
export interface ErrorObservation {
  error: string;
}

/** schemas/observations/diagnostics.json: LSP diagnostics keyed by absolute path, report order. */
export type DiagnosticsObservation = Record<string, LspDiagnostic[]>;

/** One LSP diagnostic (0-based positions). */
export interface LspDiagnostic {
  severity: number;
  message: string;
  range: { start: { line: number; character: number } };
}

/** schemas/observations/bash.json */
export interface BashObservation {
  output: string;
  exitCode: number | null;
  timedOut?: boolean;
  aborted?: boolean;
}

/** schemas/observations/read.json (ReadFile | ReadDirectory | ReadMissing) */
export type ReadObservation = ReadFileObservation | ReadDirectoryObservation | ReadMissingObservation;

/** An AGENTS.md-style reminder. */
export interface InstructionObservation {
  path: string;
  content: string;
}

/** A regular file. */
export interface ReadFileObservation {
  kind: "file";
  path: string;
  content?: string;
  base64?: string;
  mime?: string;
  /** Added by opencode-cli: the processor dropped the image (§2.14 last bullet). */
  imageOmitted?: boolean;
  instructions?: InstructionObservation[];
}

/** A directory. */
export interface ReadDirectoryObservation {
  kind: "directory";
  path: string;
  entries: { name: string; directory: boolean }[];
}

/** Nothing at the path. */
export interface ReadMissingObservation {
  kind: "missing";
  path: string;
  siblings?: string[];
}

/** schemas/observations/write.json */
export interface WriteObservation {
  path: string;
  existed: boolean;
  diagnostics?: DiagnosticsObservation;
}

/** schemas/observations/edit.json */
export interface EditObservation {
  path: string;
  replacements?: number;
  error?: EditError;
  diagnostics?: DiagnosticsObservation;
}

/** Why an edit failed. */
export type EditError =
  | "not-found"
  | "multiple"
  | "identical"
  | "file-missing"
  | "is-directory"
  | "empty-old-string"
  | "span-too-large"
  | "changed"
  | "unable";

/** schemas/observations/apply_patch.json */
export interface ApplyPatchObservation {
  changes: { op: "A" | "M" | "D"; path: string; absolute?: string }[];
  diagnostics?: DiagnosticsObservation;
}

/** schemas/observations/grep.json */
export interface GrepObservation {
  matches: { path: string; line: number; text: string }[];
}

/** schemas/observations/glob.json */
export interface GlobObservation {
  paths: string[];
}

/** schemas/observations/webfetch.json */
export interface WebfetchObservation {
  url: string;
  status?: number;
  contentType: string;
  body?: string;
  base64?: string;
}

/** schemas/observations/websearch.json */
export interface WebsearchObservation {
  text: string | null;
  provider?: "exa" | "parallel";
}

/** schemas/observations/question.json */
export interface QuestionObservation {
  answers: string[][];
}

/** schemas/observations/task.json */
export interface TaskObservation {
  sessionId: string;
  state: "completed" | "error" | "running";
  text?: string;
  summary?: string;
}

/** schemas/observations/skill.json */
export interface SkillObservation {
  name: string;
  content: string;
  directory: string;
  files: string[];
}

/** schemas/observations/mcp.json: MCP content items. */
export interface McpObservation {
  content: McpContentItem[];
}

/** An MCP content item (text, image, resource; others are ignored). */
export interface McpContentItem {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}
