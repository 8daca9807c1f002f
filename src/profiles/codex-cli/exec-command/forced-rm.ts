import { UnsupportedError } from "../../profile.js";

/**
 * Whether Codex refuses a command as "rm -f style" before running it, even with approvals and
 * the sandbox bypassed. Codex parses the script (tree-sitter bash) and looks at every literal
 * command in it, control flow and substitutions included: a command whose name's basename is
 * `rm` with `--force` or a single-dash flag group holding `f` before `--` is refused; `sudo <cmd>`
 * is judged as `<cmd>`; a name that is not literal (`$cmd`) or text inside quotes is not a command.
 * The profile judges the scripts it can split itself — simple commands of plain, single- or
 * double-quoted words joined by `&&`, `||`, `;`, `|` or newlines — and answers unsupported for any
 * other script that mentions `rm`, so it never guesses.
 * @see spec §2.6 (observed bytes; source codex-rs/shell-command/src/command_safety/is_dangerous_command.rs and its tests)
 */
export function isForcedRm(cmd: string): boolean {
  if (!/(^|[^A-Za-z0-9_])rm([^A-Za-z0-9_-]|$)/.test(cmd)) return false;
  const commands = splitSimpleScript(cmd);
  if (commands === null) throw new UnsupportedError("codex-cli: Codex's rm -f check on a script the profile does not split (substitutions, redirections, control flow) is not modelled");
  return commands.some((words) => forcedRmWords(words));
}

/** The rule for one tokenized command. */
function forcedRmWords(words: Word[]): boolean {
  const [first, ...rest] = words;
  if (first === undefined) return false;
  if (first.quoted || first.text.includes("$") || first.text.includes("=")) {
    if (/(^|\/)rm$/.test(first.text) || first.text.includes("=")) throw new UnsupportedError("codex-cli: Codex's rm -f check on a quoted command name or an assignment prefix is not modelled");
    return false;
  }
  const name = first.text.slice(first.text.lastIndexOf("/") + 1);
  if (name === "sudo") return forcedRmWords(rest);
  if (name !== "rm") return false;
  for (const word of rest) {
    if (word.text === "--") break;
    if (word.text === "--force") return true;
    if (word.text.startsWith("-") && !word.text.startsWith("--") && word.text.includes("f")) return true;
  }
  return false;
}

interface Word {
  text: string;
  /** Any part of the word was quoted. */
  quoted: boolean;
}

const PLAIN = /[A-Za-z0-9_./=:@%+,~^*?[\]{}-]/;

/**
 * The simple commands of a script made only of plain, '…' and "…" words (double quotes with no
 * `` ` `` or `$(` inside), `$NAME` expansions and the separators `&&`, `||`, `;`, `|`, newline;
 * null for anything else (redirections, substitutions, subshells, comments, keywords).
 */
export function splitSimpleScript(script: string): Word[][] | null {
  const commands: Word[][] = [[]];
  let index = 0;
  const current = () => commands[commands.length - 1]!;
  while (index < script.length) {
    const char = script[index]!;
    if (char === " " || char === "\t") {
      index++;
      continue;
    }
    const two = script.slice(index, index + 2);
    if (two === "&&" || two === "||") {
      commands.push([]);
      index += 2;
      continue;
    }
    if (char === ";" || char === "|" || char === "\n") {
      commands.push([]);
      index++;
      continue;
    }
    let text = "";
    let quoted = false;
    while (index < script.length) {
      const c = script[index]!;
      if (c === "'") {
        const end = script.indexOf("'", index + 1);
        if (end === -1) return null;
        text += script.slice(index + 1, end);
        quoted = true;
        index = end + 1;
      } else if (c === '"') {
        const end = script.indexOf('"', index + 1);
        if (end === -1) return null;
        const inner = script.slice(index + 1, end);
        if (/[`\\]|\$\(/.test(inner)) return null;
        text += inner;
        quoted = true;
        index = end + 1;
      } else if (c === "$" && /^\$[A-Za-z_][A-Za-z0-9_]*/.test(script.slice(index))) {
        const name = /^\$[A-Za-z_][A-Za-z0-9_]*/.exec(script.slice(index))![0];
        text += name;
        index += name.length;
      } else if (PLAIN.test(c)) {
        text += c;
        index++;
      } else if (c === " " || c === "\t" || c === "\n" || c === ";" || c === "|" || c === "&") {
        break;
      } else return null;
    }
    if (text === "" && !quoted) return null; // a lone `&` or another character the loop did not take
    current().push({ text, quoted });
  }
  const keywords = new Set(["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "function", "select", "time", "!", "{", "}", "[[", "]]"]);
  if (commands.some((words) => words[0] !== undefined && !words[0].quoted && keywords.has(words[0].text))) return null;
  return commands.filter((words) => words.length > 0);
}
