/**
 * The files a command shows whole with `cat`, which the session then holds like a file it wrote
 * (observed, unseen batch 13 and its probes: after `cat F`, `cat -n F`, `cat ./F`, `cat /abs/F`,
 * `cat F; echo done`, an Edit of F carries the file-state note, a later change of F draws the
 * "changed on disk" note with its excerpt, and a write command's hint names it; `cat F | …`,
 * `cat F G` and `head F` change nothing). `sure`: the plain forms observed; `unsure`: other forms
 * naming `cat` whose effect is not pinned — the files they may name are then held as uncertain.
 * @see spec §5.1, §5.4
 */
export function catReadPaths(command: string, cwd: string): { sure: string[]; unsure: string[] } {
  const sure: string[] = [];
  const unsure: string[] = [];
  if (!/(^|[\s;&|(`])cat(?=\s|$)/.test(command)) return { sure, unsure };
  const complex = /[`\n]|\$\(|\|\||(^|[\s;&])cd(\s|$)/.test(command);
  const segments = command.split(/;|&&|\n/);
  // Observed only as the line's first command, followed by nothing but echo (`cat F; echo done`);
  // after other commands (`iconv … > F.utf8 && mv … F && cat F`) it made nothing known (unseen batch 7's scenario).
  const leading = segments.every((segment, index) => index === 0 || /^\s*echo(\s|$)/.test(segment));
  for (const [index, segment] of segments.entries()) {
    const words = segment.trim().split(/\s+/);
    const at = words.indexOf("cat");
    if (at < 0) continue;
    const operands = words.slice(at + 1).filter((word) => word !== "-n" && !/^[|<>]/.test(word) && !/^\d*[<>]/.test(word));
    const files = operands.filter((word) => !word.startsWith("-"));
    const paths = files.map((word) => (word.startsWith("/") ? word : `${cwd}/${word.replace(/^\.\//, "")}`));
    const plain = at === 0 && !complex && index === 0 && leading;
    // piped on: observed to change nothing
    if (plain && segment.includes("|") && !/[<>]/.test(segment)) continue;
    if (plain && !/[<>]/.test(segment) && files.length === operands.length && !files.some((word) => /[*?$'"\\~{}[\]]/.test(word))) {
      // one file: known; several: observed to change nothing
      if (files.length === 1) sure.push(...paths);
      continue;
    }
    unsure.push(...paths);
  }
  return { sure, unsure };
}
