import type { ScenarioContent } from "../generated/schema-types.js";
import type { DifferentialWorkspace, DifferentialRandom as SeededRandom } from "./differential-vocabulary.js";

/**
 * File and page bodies at the places where reimplementations of a coding agent's tools differ:
 * line endings (CRLF, lone CR, mixed), a BOM, multi-byte characters and invalid bytes at a cut,
 * line counts and byte sizes at and one past each limit (2000 lines, 51200 bytes, 2000-char
 * lines), control bytes and ANSI escapes, empty files.
 * @see spec §2.2 (read constants), §2.2b, §3.1, §3.2; issue 19 part 3
 */
export interface GeneratedContent {
  /** What the variant is (used in scenario descriptions and call reasons). */
  label: string;
  content: ScenarioContent;
  /** The text when the bytes are valid UTF-8 without a BOM and small enough to edit, else null. */
  text: string | null;
}

const base64 = (bytes: readonly number[]): ScenarioContent => ({ base64: Buffer.from(bytes).toString("base64") });
const utf8 = (text: string): number[] => [...Buffer.from(text, "utf8")];

/** Words for small texts (ASCII, one with a multi-byte character, one with trailing space). */
const WORDS = ["alpha", "beta", "gamma", "delta", "TODO", "fixme", "naïve", "x", "const y = 1;", "  indented", "tab\there", "end "];

/** Some short lines from the word list. */
export function smallLines(random: SeededRandom, count = random.int(1, 6)): string[] {
  return Array.from({ length: count }, () => Array.from({ length: random.int(1, 3) }, () => random.pick(WORDS)).join(" "));
}

type Variant = (random: SeededRandom) => GeneratedContent;

const LONG_LINE_CUTS = [1999, 2000, 2001];

/** Every file-body variant, in a fixed order (the generator picks among them by seed). */
export const FILE_VARIANTS: readonly Variant[] = [
  (r) => {
    const text = smallLines(r).join("\n") + "\n";
    return { label: "small LF text", content: text, text };
  },
  (r) => {
    const text = smallLines(r).join("\r\n") + "\r\n";
    return { label: "CRLF text", content: text, text };
  },
  (r) => {
    const lines = smallLines(r, r.int(2, 5));
    const text = lines.join("\r") + (r.chance(0.5) ? "\r" : "\n");
    return { label: "lone CR text", content: text, text };
  },
  (r) => {
    const lines = smallLines(r, 4);
    const text = `${lines[0]}\r\n${lines[1]}\n${lines[2]}\r${lines[3]}`;
    return { label: "mixed line endings, no final newline", content: text, text };
  },
  (r) => ({ label: "BOM then LF text", content: base64([0xef, 0xbb, 0xbf, ...utf8(smallLines(r).join("\n") + "\n")]), text: null }),
  (r) => ({ label: "BOM then CRLF text", content: base64([0xef, 0xbb, 0xbf, ...utf8(smallLines(r).join("\r\n") + "\r\n")]), text: null }),
  (r) => {
    const text = r.pick(["héllo wörld\n", "日本語のテキスト\n二行目\n", "emoji 😀 and ✓\n", "Ωmega\u00a0nbsp\n", "zero\u200bwidth\n"]);
    return { label: "multi-byte text", content: text, text };
  },
  (r) => {
    // a multi-byte character cut at the end, or an invalid byte inside a line
    const cut = r.pick([
      [...utf8("café"), 0xc3],
      [...utf8("ab"), 0xe2, 0x82],
      [...utf8("line one\n"), 0xff, ...utf8(" two\n")],
      [...utf8("x"), 0xf0, 0x9f, 0x98, ...utf8("\n")],
      [0xc3, 0x28, ...utf8("\n")],
      [...utf8("latin1 caf"), 0xe9, ...utf8("\n")],
    ]);
    return { label: "invalid UTF-8 bytes", content: base64(cut), text: null };
  },
  () => ({ label: "empty file", content: "", text: "" }),
  (r) => {
    const text = r.pick(["\n", "\r\n", "\n\n\n", "\r", " \n"]);
    return { label: "only line terminators", content: text, text };
  },
  (r) => {
    const text = smallLines(r).join("\n");
    return { label: "no final newline", content: text, text };
  },
  (r) => {
    const count = r.pick([1999, 2000, 2001]);
    const trailing = r.chance(0.7);
    return {
      label: `${count} lines${trailing ? "" : " without final newline"}`,
      content: { repeat: "line {n}\n", count: trailing ? count : count - 1, ...(trailing ? {} : { suffix: `line ${count}` }) },
      text: null,
    };
  },
  (r) => {
    // 100-byte lines: 512 of them are exactly 51200 bytes; the suffix moves the size around it
    const extra = r.pick(["", "x", "\n", "é", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"]);
    const count = r.pick([511, 512, 513]);
    return { label: `${count}×100-byte lines + ${JSON.stringify(extra.slice(0, 3))}`, content: { repeat: `${"y".repeat(99)}\n`, count, suffix: extra }, text: null };
  },
  (r) => {
    const length = r.pick(LONG_LINE_CUTS);
    const tail = r.pick(["", "é", "😀", "日"]);
    const before = r.int(0, 1);
    return {
      label: `a ${length}-char line ending ${JSON.stringify(tail)}`,
      content: { repeat: "a", count: length - before - tail.length, prefix: "b".repeat(before), suffix: `${tail}\nnext\n` },
      text: null,
    };
  },
  (r) => {
    // a 2000-char cut landing inside a surrogate pair: 1999 chars then an emoji
    const lead = r.pick([1998, 1999]);
    return { label: `emoji at char ${lead}`, content: { repeat: "z", count: lead, suffix: "😀😀tail\n" }, text: null };
  },
  (r) => {
    const text = r.pick(["ansi \u001b[31mred\u001b[0m text\n", "bell\u0007 and backspace\b here\nmore ordinary text on this line\n", "form\ffeed and\u000bvtab with enough plain text around it\n"]);
    return { label: "control bytes and ANSI escapes", content: text, text };
  },
  (r) => ({
    label: "binary-looking control bytes",
    content: base64(
      r.pick([
        [0x01, 0x02, 0x03, 0x41, 0x42],
        [0x41, 0x00, 0x42, 0x0a],
        [0x1b, 0x1b, 0x1b, 0x41, 0x0a],
      ]),
    ),
    text: null,
  }),
  (r) => {
    const text = r.pick(["  leading\ttabs\t\n\ttabbed\n", "trailing   \nspaces\t \n", "    def f():\n        return 1\n"]);
    return { label: "whitespace-heavy text", content: text, text };
  },
];

/** A file body variant chosen by the seed. */
export function fileContent(random: SeededRandom): GeneratedContent {
  return random.pick(FILE_VARIANTS)(random);
}

/** Editable text (valid UTF-8, small) with its lines, for edit calls. */
export function editableText(random: SeededRandom): { label: string; text: string; eol: string } {
  const eol = random.pick(["\n", "\n", "\r\n"]);
  const shape = random.int(0, 3);
  const lines =
    shape === 0
      ? ["function add(a, b) {", "  return a + b;", "}", "", "const total = add(1, 2);"]
      : shape === 1
        ? ["alpha", "beta", "alpha", "gamma"]
        : shape === 2
          ? ["  indented line", "\ttabbed line", "trailing space here  ", "plain"]
          : ["héllo wörld", "naïve café", "😀 emoji line", "end"];
  return { label: `${shape === 1 ? "repeated lines" : shape === 2 ? "whitespace" : shape === 3 ? "multi-byte" : "code"} with ${eol === "\n" ? "LF" : "CRLF"}`, text: lines.join(eol) + eol, eol };
}

/**
 * A new file in the workspace holding editable text (editableText), named with one of
 * `extensions` and, when `folders` are given, placed in one of them; returns its path and text.
 */
export function addEditableFile(b: DifferentialWorkspace, extensions: readonly string[], folders?: readonly string[]): { path: string; text: string; eol: string } {
  const { text, eol } = editableText(b.random);
  const path = b.fresh("edit", b.random.pick(extensions), folders === undefined ? undefined : b.random.pick(folders));
  b.files[path] = text;
  return { path, text, eol };
}
