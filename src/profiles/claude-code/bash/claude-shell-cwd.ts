/**
 * Where the session's shell is after a Bash call, and what the binary says of it: a command that
 * succeeded and ended in another directory inside the workspace moves the session there (the
 * `# Environment update` note follows the results); one that ended outside the workspace is
 * reset to the workspace, and `Shell cwd was reset to <workspace>` is appended to its output; a
 * command that failed leaves the directory as it was (its `pwd -P` never ran).
 * @see docs/spec/claude-code-2.1.332.md §3.5
 */
export interface ClaudeCwdOutcome {
  /** The session's working directory for the next call. */
  cwd: string;
  /** The command ended outside the workspace: its output gets the reset line. */
  reset: boolean;
}

/** Whether `path` is the workspace or below it. */
export const insideWorkspace = (path: string, workspace: string) => path === workspace || path.startsWith(workspace.endsWith("/") ? workspace : `${workspace}/`);

export function claudeNextCwd(cwd: string, endCwd: string | undefined, workspace: string): ClaudeCwdOutcome {
  if (endCwd === undefined || endCwd === cwd) return { cwd, reset: false };
  if (insideWorkspace(endCwd, workspace)) return { cwd: endCwd, reset: false };
  return { cwd: workspace, reset: true };
}

/** The note after the results when the working directory changed. @see spec §3.5 */
export const environmentUpdateNote = (cwd: string, previous: string) => `# Environment update\n - Primary working directory: ${cwd} (was ${previous})`;

/** The output with the reset line: the output without its trailing whitespace (observed: `  padded` keeps its leading spaces), `⏎Shell cwd was reset to <workspace>`. @see spec §3.5 */
export const withCwdReset = (output: string, workspace: string) => `${output.trimEnd()}\nShell cwd was reset to ${workspace}`;
