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
