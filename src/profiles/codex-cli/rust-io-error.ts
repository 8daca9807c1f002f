import { UnsupportedError } from "../profile.js";

/** Rust's `io::Error` Display for the errno codes the profile meets: `<strerror> (os error <n>)`. */
const OS_ERRORS: Record<string, string> = {
  ENOENT: "No such file or directory (os error 2)",
  EACCES: "Permission denied (os error 13)",
  ENOTDIR: "Not a directory (os error 20)",
  EISDIR: "Is a directory (os error 21)",
};

/** How Codex (Rust std) words a failed system call, from its errno code. @see spec §1.3 */
export function rustIoError(code: string): string {
  const text = OS_ERRORS[code];
  if (text === undefined) throw new UnsupportedError(`codex-cli: the Rust wording of ${code} is not modelled`);
  return text;
}

/** Rust's `{:?}` of a string: double quotes, `\\` `\"` `\n` `\r` `\t` escaped, other controls as `\u{..}`. */
export function rustDebugString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === "\\") out += "\\\\";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code === 0) out += "\\0";
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += char;
  }
  return out + '"';
}
