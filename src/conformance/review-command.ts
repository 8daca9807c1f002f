import { basename, dirname, relative } from "node:path";

/** How a user runs correx: in a clone or a project that installed it, `correx` is not on PATH, `npx correx` is (README "Set up"). Every hint and report uses it. */
export const CORREX_INVOCATION = "npx correx";

const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The exact command that reviews pending goldens under `root`/golden, as a user types it from
 * `cwd`: `correx golden review --root <root>` (relative when inside `cwd`), or without --root for
 * correx's own corpus (`root` undefined). `program` is how the user runs correx.
 */
export function reviewCommandFor(root: string | undefined, options: { cwd?: string; program?: string } = {}): string {
  const program = options.program ?? CORREX_INVOCATION;
  if (root === undefined) return `${program} golden review`;
  const path = relative(options.cwd ?? process.cwd(), root);
  const shown = path === "" ? "." : path.startsWith("..") ? root : path;
  return `${program} golden review --root ${shellQuote(shown)}`;
}

/**
 * The review command for a golden file or folder: `golden review` looks under <root>/golden/, so
 * the root is the parent of the nearest folder named golden; null when there is none (no --root
 * can reach the file).
 */
export function reviewCommandForGolden(path: string, options: { cwd?: string; program?: string } = {}): string | null {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) {
    if (basename(dir) === "golden") return reviewCommandFor(dirname(dir), options);
  }
  return null;
}
