import type { EnvironmentPort } from "../environment-port.js";
import type { ClaudeStarted } from "./format-claude-harness-tools.js";

/** What the session holds of one file: the text it last saw (read whole, or written by Edit or Write). */
export interface ClaudeKnownFile {
  text: string;
  /**
   * How the session last saw it: `read` (a whole-file Read) or `write` (Edit or Write). A Bash
   * change of a file last read draws no note (the next Edit says it was modified on disk); of one
   * last written, the binary sends its "changed on disk" note after the results (observed, probe
   * of 2026-12-02: a.txt, b.txt, e.txt read then appended → no note; c.txt written then
   * overwritten → the note). @see spec §5.4
   */
  via: "read" | "write";
  /**
   * A Bash command changed the file after the session saw it: whether the binary then sent its
   * "changed on disk" note (and took the new text as known) is not pinned, so what follows from
   * the file's state is `unsupported` until the session sees it again. @see spec §2.3, §9
   */
  uncertain?: boolean;
  /**
   * The binary holds the file's state but not as shown to the model (bundle
   * `contentNotInModelContext`): an Edit of a file never read, and the "changed on disk" note that
   * withholds the changes. An Edit's result then carries no file-state note; a Bash change still
   * draws the note (observed: unseen batch 11's probe — Edit of v.txt never read, then a change →
   * the note; x.env's note without changes, then Edit → no file-state note). @see spec §5.1, §5.4
   */
  outOfContext?: boolean;
  /**
   * When a Bash command last moved the file's modification time since the session saw it (ms). A
   * write command's hint names a known file whose time is past the session's sight of it and
   * past the call's start floored to the second, so one changed by an earlier call within that
   * second is named too: a race with the clock. @see spec §5.4
   */
  bashChangedAt?: number;
}

/**
 * The state a Claude Code session carries between calls: the shell's working directory (a `cd`
 * that ends inside the workspace outlives its call) and the files whose state it knows (read whole
 * by Read, or written by Edit or Write). Kept per environment, since one environment serves one
 * agent session. @see docs/spec/claude-code-2.1.332.md §3.5, §5.1
 */
export interface ClaudeSession {
  /** The shell's working directory; undefined: the workspace. */
  cwd?: string;
  files: Map<string, ClaudeKnownFile>;
  /** What the session started that outlives a call (jobs, wakeups, background tasks, a worktree): it changes the harness tools' results. @see spec §11 */
  started: ClaudeStarted;
  /**
   * The tool names the conversation has named so far: every call of the main session and every
   * name an Agent hand-back listed. A subagent's tools-used note lists only the others. @see spec §11.1
   */
  named: Set<string>;
  /** Files a subagent read or changed: what the main session then knows of them is not pinned. @see spec §11.1 */
  subagentFiles: Set<string>;
  /**
   * Files read only in part (`offset`/`limit`): not known for Edit's note, but a write command's
   * hint names them too (observed: `Read p.txt limit 1`, then `sed -i … p.txt` → the hint names
   * p.txt). @see spec §5.4
   */
  partialReads: Map<string, { bashChangedAt?: number }>;
  /** Files the binary may have changed in a way the profile does not model (a NotebookEdit it runs): their bytes on disk differ from the replay's. @see spec §7.4 */
  unmodelledChanges: Map<string, string>;
  /** The binary whose embedded ugrep and bfs the shell's `grep` and `find` run, once looked for: null when there is none to run. @see spec §3.1 */
  embeddedTools?: string | null;
}

const sessions = new WeakMap<EnvironmentPort, ClaudeSession>();

export function claudeSession(environment: EnvironmentPort): ClaudeSession {
  let session = sessions.get(environment);
  if (session === undefined) {
    session = { files: new Map(), started: {}, named: new Set(), subagentFiles: new Set(), unmodelledChanges: new Map(), partialReads: new Map() };
    sessions.set(environment, session);
  }
  return session;
}

/** The session's working directory (the workspace until a `cd` moved it). */
export function claudeCwd(environment: EnvironmentPort): string {
  return claudeSession(environment).cwd ?? environment.workspace;
}
