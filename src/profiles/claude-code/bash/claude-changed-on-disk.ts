import { packageOnFirstUse } from "../../../input/package-on-first-use.js";
import { namesSecretsFile } from "./claude-secret-names.js";

const jsdiff = packageOnFirstUse<typeof import("diff")>("diff");

/**
 * What Claude Code 2.1.332 tells its model about files a Bash command changed
 * (docs/spec/claude-code-2.1.332.md §5.4): the "changed on disk" note for a file the session last
 * wrote, with its excerpt of the changes, and the hint a formatting or in-place command adds to the
 * result naming the known files it modified.
 */

/** The session keeps a file's text only up to this many UTF-8 bytes; over it the note shows no changes. [bundle: `y=4096`, `Buffer.byteLength(d)<=y?d:""`] */
export const KNOWN_TEXT_MAX_BYTES = 4096;
/** Lines of context around each change in the excerpt. [bundle: `{context:8}`] */
const EXCERPT_CONTEXT = 8;
/** The excerpt is cut past this many characters. [bundle: `var L=8192`] */
const EXCERPT_MAX_CHARS = 8192;

const NOTE_HEAD = (path: string) =>
  `Note: ${path} changed on disk since you last read it. That's usually deliberate, so take it as the current state rather than reverting it; if the change looks wrong, say so rather than undoing it yourself — otherwise no need to call it out.`;

/** Lines numbered like Read's (`N⇥line`, a trailing CR dropped), from `start`. */
function numbered(text: string, start: number): string {
  if (text === "") return "";
  return text
    .split("\n")
    .map((line, index) => `${start + index}\t${line.endsWith("\r") ? line.slice(0, -1) : line}`)
    .join("\n");
}

/**
 * The excerpt: a line diff of the known text and the new one with 8 lines of context (hunks whose
 * common run is at most 16 lines merged), each hunk's context and added lines numbered from the
 * hunk's first line in the known text, hunks joined by `⏎...⏎`; past 8,192 characters cut at the
 * last line break before it and `⏎⏎... [N lines truncated] ...` appended. Empty when nothing but
 * removals is left (then no note is sent).
 */
export function changedExcerpt(before: string, after: string): string {
  const patch = jsdiff().structuredPatch("file.txt", "file.txt", before, after, undefined, undefined, { context: EXCERPT_CONTEXT });
  const excerpt = patch.hunks
    .map((hunk) => {
      const kept = hunk.lines.filter((line) => !line.startsWith("-") && !line.startsWith("\\")).map((line) => line.slice(1));
      return numbered(kept.join("\n"), Math.max(1, hunk.oldStart));
    })
    .join("\n...\n");
  if (excerpt.length <= EXCERPT_MAX_CHARS) return excerpt;
  const cut = excerpt.lastIndexOf("\n", EXCERPT_MAX_CHARS);
  const head = cut > 0 ? excerpt.slice(0, cut) : excerpt.slice(0, EXCERPT_MAX_CHARS);
  const rest = excerpt.slice(head.length + 1);
  return `${head}\n\n... [${rest.split("\n").length} lines truncated] ...`;
}

/** A closing system-reminder tag in the excerpt gets `&lt;` for its `<`. [bundle] */
const escapeReminderEnd = (text: string) => text.replace(/<(?=\s*\/\s*system-reminder\b)/gi, "&lt;");

/** One file's note, or undefined when the binary sends none (only removals). `before` null: the session held no text (over 4,096 bytes). */
export function changedOnDiskNote(path: string, before: string | null, after: string): string | undefined {
  if (before === null) return `${NOTE_HEAD(path)} The changes are not shown here; use Read if you need the current content.`;
  const excerpt = changedExcerpt(before, after);
  if (excerpt === "") return undefined;
  // A file whose name marks it as holding secrets gets the note without its changes. [bundle `lzi`]
  if (namesSecretsFile(path)) return `${NOTE_HEAD(path)} The changes are not shown here; use Read if you need the current content.`;
  return `${NOTE_HEAD(path)} Here are the relevant changes (shown with line numbers):\n${escapeReminderEnd(excerpt)}`;
}

/**
 * Commands after which the binary looks for known files they modified: formatters and in-place
 * editors. [bundle: the `WRITE_COMMAND_MARKERS` alternatives, joined with `|`]
 */
const WRITE_COMMAND_MARKERS = new RegExp(
  [
    "--write",
    "--fix",
    "--in-place",
    "--auto-correct",
    "\\bg?sed\\b.*\\s-[a-zA-Z]*i",
    "\\brun\\s+format\\b",
    "\\brun\\s+fix\\b",
    "\\b(yarn|pnpm)\\s+format\\b",
    "\\blint:file\\b",
    "\\blint:fix\\b",
    "\\bblack\\b",
    "\\bisort\\b",
    "\\bruff\\s+format\\b",
    "\\bcargo\\s+(fmt|fix)\\b",
    "\\brustfmt\\b",
    "\\bgo\\s+fmt\\b",
    "\\bterraform\\s+fmt\\b",
    "\\bdprint\\s+fmt\\b",
    "\\bswiftformat\\b",
    "\\bphpcbf\\b",
  ].join("|"),
);

export const namesWriteCommand = (command: string) => WRITE_COMMAND_MARKERS.test(command);

/** The hint for the known files such a command modified (names relative to the working directory). [bundle] */
export function modifiedFilesHint(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(", ");
  const more = names.length > 5 ? ` and ${names.length - 5} more` : "";
  return `[This command modified ${names.length} ${names.length === 1 ? "file" : "files"} you've previously read: ${shown}${more}. Call Read before editing.]`;
}
