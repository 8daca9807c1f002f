/**
 * Whether a bash command holds command substitution (`$(`, a backtick, `<(` or `>(` outside
 * single quotes; `<(`/`>(` also not inside double quotes; backslash escapes skipped), which
 * Gemini CLI refuses to run.
 * @see docs/spec/gemini-cli-0.61.0.md §2.7 [bundle: packages/core/src/utils/shell-utils.ts detectBashSubstitution]
 */
export function hasCommandSubstitution(command: string): boolean {
  let inSingle = false;
  let inDouble = false;
  for (let index = 0; index < command.length; index++) {
    const char = command[index];
    if (char === "'" && !inDouble) {
      inSingle = !inSingle;
      continue;
    }
    if (char === '"' && !inSingle) {
      inDouble = !inDouble;
      continue;
    }
    if (inSingle) continue;
    if (char === "\\" && index + 1 < command.length) {
      if (!inDouble || ["$", "`", '"', "\\", "\n"].includes(command[index + 1]!)) {
        index++;
        continue;
      }
    }
    const next = command[index + 1];
    if (char === "$" && next === "(") return true;
    if (!inDouble && (char === "<" || char === ">") && next === "(") return true;
    if (char === "`") return true;
  }
  return false;
}
