import { UnsupportedError } from "../../profile.js";

/**
 * Whether Codex refuses a command as "rm -f style" before running it, even with approvals and
 * the sandbox bypassed. Codex parses the script (tree-sitter bash) and looks at every literal
 * command in it, control flow and substitutions included: a command whose name's basename is
 * `rm` with `--force` or a single-dash flag group holding `f` before `--` is refused; `sudo <cmd>`
 * is judged as `<cmd>`; a name that is not literal (`$cmd`) or text inside quotes is not a command.
 * The profile judges the scripts it can split itself — simple commands of plain, single- or
 * double-quoted words joined by `&&`, `||`, `;`, `|` or newlines, inside if/while/until lists and
 * `{ }` groups — and answers unsupported for any
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
  // if/while/until lists and { } groups: a command after `if`, `then`, `else`, `elif`, `while`, `until`, `do`, `!` or `{` is
  // judged as a command (`if true; then rm -f keep.txt; fi` was refused, observed); `fi`, `done`, `}` end them.
  const opening = new Set(["if", "then", "else", "elif", "while", "until", "do", "!", "{"]);
  const closing = new Set(["fi", "done", "}"]);
  const unsupported = new Set(["for", "case", "esac", "function", "select", "time", "[[", "]]", "in"]);
  const judged: Word[][] = [];
  const counts = new Map<string, number>();
  const isKeyword = (word: Word | undefined, set: Set<string>) => word !== undefined && !word.quoted && set.has(word.text);
  for (const command of commands) {
    let words = command;
    while (isKeyword(words[0], opening)) {
      const keyword = words[0]!.text;
      counts.set(keyword, (counts.get(keyword) ?? 0) + 1);
      words = words.slice(1);
      // a condition or a body must hold a command: `if then …` is a syntax error Codex's parser judges its own way
      if (["if", "elif", "while", "until", "then", "else", "do"].includes(keyword) && isKeyword(words[0], new Set(["then", "else", "elif", "do", "fi", "done", "}"]))) return null;
    }
    if (isKeyword(words[0], closing)) counts.set(words[0]!.text, (counts.get(words[0]!.text) ?? 0) + 1);
    if (words[0] !== undefined && !words[0].quoted && closing.has(words[0].text)) {
      if (words.length > 1) return null;
      continue;
    }
    if (words[0] !== undefined && !words[0].quoted && unsupported.has(words[0].text)) return null;
    if (words.length > 0) judged.push(words);
  }
  const count = (keyword: string) => counts.get(keyword) ?? 0;
  const balanced =
    count("if") === count("fi") && count("then") === count("if") + count("elif") && count("do") === count("while") + count("until") && count("done") === count("do") && count("{") === count("}");
  return balanced ? judged : null;
}
