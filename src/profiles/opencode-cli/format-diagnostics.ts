import { normalizePath } from "../../text/path-posix.js";
import type { DiagnosticsObservation, LspDiagnostic } from "./format-observations.js";

const MAX_PER_FILE = 20;
/** @see spec §2.3 v1 ("at most 5 other files") */
const MAX_OTHER_FILES = 5;
const SEVERITY_NAMES: Record<number, string> = { 1: "ERROR", 2: "WARN", 3: "INFO", 4: "HINT" };

/**
 * One diagnostic line: `ERROR [<line+1>:<char+1>] <message>`.
 * @see spec §2.12 (`Diagnostic.pretty`)
 */
export function prettyDiagnostic(diagnostic: LspDiagnostic): string {
  const name = SEVERITY_NAMES[diagnostic.severity] ?? "ERROR";
  const { line, character } = diagnostic.range.start;
  return `${name} [${line + 1}:${character + 1}] ${diagnostic.message}`;
}

/**
 * The `<diagnostics file="…">` block of a file's errors (severity 1 only, at most 20 plus
 * `... and <k> more`), or `""` when it has none.
 * @see spec §2.12 (`Diagnostic.report`)
 */
export function reportDiagnostics(file: string, issues: readonly LspDiagnostic[]): string {
  const errors = issues.filter((issue) => issue.severity === 1);
  if (errors.length === 0) return "";
  const more = errors.length - MAX_PER_FILE;
  const suffix = more > 0 ? `\n... and ${more} more` : "";
  return `<diagnostics file="${file}">\n${errors.slice(0, MAX_PER_FILE).map(prettyDiagnostic).join("\n")}${suffix}\n</diagnostics>`;
}

/** The diagnostics reported for `path` (keys compared after normalisation). */
export function diagnosticsFor(diagnostics: DiagnosticsObservation | undefined, path: string): LspDiagnostic[] {
  if (diagnostics === undefined) return [];
  const wanted = normalizePath(path);
  for (const [file, issues] of Object.entries(diagnostics)) {
    if (normalizePath(file) === wanted) return issues;
  }
  return [];
}

/**
 * The text `edit` appends: `⏎⏎LSP errors detected in this file, please fix:⏎<block>` or `""`.
 * @see spec §2.4 v1
 */
export function thisFileDiagnostics(diagnostics: DiagnosticsObservation | undefined, path: string): string {
  const block = reportDiagnostics(path, diagnosticsFor(diagnostics, path));
  return block === "" ? "" : `\n\nLSP errors detected in this file, please fix:\n${block}`;
}

/**
 * The text `write` appends: this file's block, and blocks for at most 5 other files with errors,
 * in report order. Files without errors do not count towards the 5.
 * @see spec §2.3 v1
 */
export function projectDiagnostics(diagnostics: DiagnosticsObservation | undefined, path: string): string {
  if (diagnostics === undefined) return "";
  const wanted = normalizePath(path);
  let others = 0;
  let text = "";
  for (const [file, issues] of Object.entries(diagnostics)) {
    const current = normalizePath(file) === wanted;
    if (!current && others >= MAX_OTHER_FILES) continue;
    const block = reportDiagnostics(current ? path : file, issues);
    if (block === "") continue;
    if (current) {
      text += `\n\nLSP errors detected in this file, please fix:\n${block}`;
      continue;
    }
    others++;
    text += `\n\nLSP errors detected in other files:\n${block}`;
  }
  return text;
}
