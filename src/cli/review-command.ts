import { relative } from "node:path";

const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The exact command that reviews pending goldens under `root`/golden, as a user types it from the
 * current folder: `correx golden review --root <root>` (relative when inside the current folder),
 * or without --root for correx's own corpus (`root` undefined).
 */
export function reviewCommandFor(root: string | undefined, cwd = process.cwd()): string {
  if (root === undefined) return "correx golden review";
  const path = relative(cwd, root);
  const shown = path === "" ? "." : path.startsWith("..") ? root : path;
  return `correx golden review --root ${shellQuote(shown)}`;
}
