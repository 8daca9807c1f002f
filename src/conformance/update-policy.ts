/** What the user asked for with `--update` (insta's INSTA_UPDATE). */
export type UpdateMode = "auto" | "always" | "new" | "no";
/** What the run does with a mismatch or a missing golden. */
export type UpdateBehavior = "in-place" | "pending" | "none";

/**
 * The one place the update policy is decided: `auto` writes pending files locally and nothing
 * under CI; `always` rewrites goldens in place; `new` writes pending files; `no` writes nothing.
 * Under CI nothing is ever written, whatever was asked.
 */
export function resolveUpdateBehavior(mode: UpdateMode, isCI: boolean): UpdateBehavior {
  if (isCI || mode === "no") return "none";
  if (mode === "always") return "in-place";
  return "pending";
}

/** What `correx check` does with a mismatch: the behaviour, where pending files go, and why nothing is written. */
export interface CheckUpdatePlan {
  behavior: UpdateBehavior;
  /** Pending files go under this folder (`<dir>/<case id>.yaml.new`); undefined: beside the golden. */
  pendingRoot?: string;
  /** With `none`: the reason a missing golden names (CI, --update no, or a subject that is not the spec). */
  noWriteReason: string;
  /** The golden corpus is written with a subject's output (said loudly by the CLI). */
  subjectWritesCorpus: boolean;
}

/** The inputs of resolveCheckUpdate: intent, environment, and whose expectations these are. */
export interface CheckUpdateRequest {
  mode: UpdateMode;
  /** `--update` was given explicitly (not the default `auto`). */
  modeGiven: boolean;
  isCI: boolean;
  /** The subject is correx's own reference, the implementation the corpus was reviewed against. */
  subjectIsReference: boolean;
  /** `--pending-dir DIR`. */
  pendingDir?: string;
  /** `--write-corpus-from-subject`. */
  writeCorpusFromSubject: boolean;
}

/**
 * Updates know whose expectations they are. The corpus is the spec: only the reference's output
 * (or, with the explicit `--write-corpus-from-subject`, another subject's) may be proposed or
 * written as its goldens. Any other subject writes nothing by default; `--pending-dir DIR` puts
 * its pending files in a folder the user names, never beside the spec's goldens.
 * Returns a one-line error for a contradictory request.
 */
export function resolveCheckUpdate(request: CheckUpdateRequest): CheckUpdatePlan | { error: string } {
  const behavior = resolveUpdateBehavior(request.mode, request.isCI);
  const trusted = request.subjectIsReference || request.writeCorpusFromSubject;
  // asking a subject that is not the spec to write the corpus is refused even where nothing would be written (CI)
  if (!trusted && request.modeGiven && request.pendingDir === undefined && (request.mode === "always" || request.mode === "new")) {
    return {
      error: `--update ${request.mode} would write this subject's output into the corpus, which is the spec; use --pending-dir DIR for its pending files, or --write-corpus-from-subject to make it the spec`,
    };
  }
  if (behavior === "none") {
    return { behavior, noWriteReason: request.isCI ? "nothing is written under CI" : "nothing is written with --update no", subjectWritesCorpus: false };
  }
  if (request.pendingDir !== undefined) {
    if (behavior === "in-place") return { error: "--pending-dir writes pending files, --update always rewrites goldens: choose one" };
    if (request.writeCorpusFromSubject) return { error: "--pending-dir and --write-corpus-from-subject exclude each other" };
    return { behavior: "pending", pendingRoot: request.pendingDir, noWriteReason: "", subjectWritesCorpus: false };
  }
  if (trusted) return { behavior, noWriteReason: "", subjectWritesCorpus: !request.subjectIsReference };
  return { behavior: "none", noWriteReason: "a subject other than the reference never writes into the corpus; see --pending-dir", subjectWritesCorpus: false };
}

/** Parses a `--update` value; null when unknown (the CLI names it in its error). */
export function parseUpdateMode(value: string): UpdateMode | null {
  return value === "auto" || value === "always" || value === "new" || value === "no" ? value : null;
}

/** Whether the environment says CI (CI=true/1, or GITHUB_ACTIONS=true). Throws on a value it cannot read. */
export function isCIEnvironment(env: Record<string, string | undefined>): boolean {
  const value = env.CI;
  if (value === undefined || value === "") return env.GITHUB_ACTIONS === "true";
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new Error(`CI=${value} is neither true nor false`);
}
