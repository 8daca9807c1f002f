import { UnsupportedError } from "../../profile.js";

/** An apply_patch heredoc Codex runs itself instead of the shell: the patch text, and the `cd` folder before it. */
export interface InterceptedPatch {
  patch: string;
  cd: string | null;
}

const HEREDOC = /^(?:cd ([A-Za-z0-9_./-]+) && )?(?:apply_patch|applypatch) <<(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2\n([\s\S]*?)\n\3\n?$/;

/** The heredoc after another simple command than `cd <dir>`: not intercepted, bash runs it (`echo hi && …`, `true && …`, observed). */
const AFTER_OTHER_COMMAND = /^(?!cd )[A-Za-z0-9_./-]+(?: [A-Za-z0-9_./-]+)* && (?:apply_patch|applypatch) <<(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1\n[\s\S]*?\n\2\n?$/;

/**
 * An exec_command whose script is `apply_patch <<'EOF'` … `EOF` (or `applypatch`, the delimiter
 * quoted with `'` or `"` or bare, optionally after `cd <dir> && `) is not run: Codex parses the
 * heredoc and applies the patch itself, relative to the workdir (and the `cd` folder). Each of
 * these forms was observed intercepted (and `echo hi && apply_patch <<'EOF'` …, `applypatch
 * "<patch>"` run in bash: a heredoc after a simple command other than `cd <dir>` runs in bash, where
 * `apply_patch` is not found). Any other script naming apply_patch or applypatch is unsupported,
 * since Codex's own parse (tree-sitter bash) decides.
 * @see spec §2.7 (observed bytes; source codex-rs/apply-patch/src/invocation.rs)
 */
export function interceptedPatch(cmd: string): InterceptedPatch | null {
  const match = HEREDOC.exec(cmd);
  if (match !== null) return { patch: match[4]!, cd: match[1] ?? null };
  if (AFTER_OTHER_COMMAND.test(cmd)) return null;
  if (/(^|[^A-Za-z0-9_])apply_?patch([^A-Za-z0-9_]|$)/.test(cmd)) {
    throw new UnsupportedError("codex-cli: a script naming apply_patch that Codex may intercept (its tree-sitter heredoc parse) is not modelled");
  }
  return null;
}
