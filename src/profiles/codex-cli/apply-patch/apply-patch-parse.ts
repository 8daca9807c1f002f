import { rustTrim } from "../rust-trim.js";
/**
 * Codex's apply_patch parser, as far as the profile models it (spec §4.1; source
 * codex-rs/apply-patch/src/parser.rs): the text is trimmed and split into lines; the first must
 * be `*** Begin Patch` and the last `*** End Patch` (each trimmed); between them come hunks.
 */

export interface UpdateChunk {
  context: string | null;
  oldLines: string[];
  newLines: string[];
  /** The chunk's lines in order: context (` `, and an empty line), removed (`-`), added (`+`). */
  items: { kind: " " | "-" | "+"; text: string }[];
  endOfFile: boolean;
}

export type Hunk = { kind: "add"; path: string; contents: string } | { kind: "delete"; path: string } | { kind: "update"; path: string; movePath: string | null; chunks: UpdateChunk[] };

/** A parse failure, with Codex's message (without the `apply_patch verification failed: ` prefix). */
export class PatchParseError extends Error {
  override readonly name = "PatchParseError";
}

/** Rust `str::lines`: split at `\n`, a trailing `\r` dropped from each line, no final empty line. */
function rustLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** Parses a patch into hunks, or throws PatchParseError with Codex's message. @see spec §4.1 */
export function parsePatch(patch: string): Hunk[] {
  let lines = rustLines(rustTrim(patch));
  const boundaryError = boundaries(lines);
  if (boundaryError !== null) {
    // Lenient mode: a heredoc wrapper (<<EOF … EOF) around the patch is stripped.
    const first = lines[0];
    const last = lines[lines.length - 1];
    if (lines.length >= 4 && (first === "<<EOF" || first === "<<'EOF'" || first === '<<"EOF"') && last!.endsWith("EOF")) {
      lines = lines.slice(1, -1);
      const inner = boundaries(lines);
      if (inner !== null) throw new PatchParseError(`invalid patch: ${inner}`);
    } else throw new PatchParseError(`invalid patch: ${boundaryError}`);
  }
  const hunks: Hunk[] = [];
  let rest = lines.slice(1, -1);
  let lineNumber = 2;
  while (rest.length > 0) {
    const [hunk, used] = parseHunk(rest, lineNumber);
    hunks.push(hunk);
    lineNumber += used;
    rest = rest.slice(used);
  }
  return hunks;
}

function boundaries(lines: string[]): string | null {
  const first = lines[0] === undefined ? undefined : rustTrim(lines[0]);
  const last = lines.length === 0 ? undefined : rustTrim(lines[lines.length - 1]!);
  if (first === "*** Begin Patch" && last === "*** End Patch" && lines.length >= 2) return null;
  // No line at all (an empty or blank patch) is the last line's error: Rust matches `(Some(first), _)` for the first (observed, seed 27103).
  if (first !== undefined && first !== "*** Begin Patch") return "The first line of the patch must be '*** Begin Patch'";
  return "The last line of the patch must be '*** End Patch'";
}

function parseHunk(lines: string[], lineNumber: number): [Hunk, number] {
  const first = rustTrim(lines[0]!);
  if (first.startsWith("*** Add File: ")) {
    let contents = "";
    let used = 1;
    for (const line of lines.slice(1)) {
      if (!line.startsWith("+")) break;
      contents += line.slice(1) + "\n";
      used++;
    }
    return [{ kind: "add", path: first.slice("*** Add File: ".length), contents }, used];
  }
  if (first.startsWith("*** Delete File: ")) return [{ kind: "delete", path: first.slice("*** Delete File: ".length) }, 1];
  if (first.startsWith("*** Update File: ")) {
    const path = first.slice("*** Update File: ".length);
    let rest = lines.slice(1);
    let used = 1;
    let movePath: string | null = null;
    if (rest[0]?.startsWith("*** Move to: ")) {
      movePath = rest[0].slice("*** Move to: ".length);
      rest = rest.slice(1);
      used++;
    }
    const chunks: UpdateChunk[] = [];
    while (rest.length > 0) {
      if (rustTrim(rest[0]!) === "") {
        used++;
        rest = rest.slice(1);
        continue;
      }
      if (rest[0]!.startsWith("*")) break;
      const [chunk, chunkLines] = parseChunk(rest, lineNumber + used, chunks.length === 0);
      chunks.push(chunk);
      used += chunkLines;
      rest = rest.slice(chunkLines);
    }
    if (chunks.length === 0) throw new PatchParseError(`invalid hunk at line ${lineNumber}, Update file hunk for path '${path}' is empty`);
    return [{ kind: "update", path, movePath, chunks }, used];
  }
  throw new PatchParseError(
    `invalid hunk at line ${lineNumber}, '${first}' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'`,
  );
}

function parseChunk(lines: string[], lineNumber: number, allowMissingContext: boolean): [UpdateChunk, number] {
  let context: string | null = null;
  let start = 0;
  if (lines[0] === "@@") start = 1;
  else if (lines[0]!.startsWith("@@ ")) {
    context = lines[0]!.slice(3);
    start = 1;
  } else if (!allowMissingContext) {
    throw new PatchParseError(`invalid hunk at line ${lineNumber}, Expected update hunk to start with a @@ context marker, got: '${lines[0]}'`);
  }
  // Errors name the line they are found on (observed: an unexpected first line right after the header is line 3).
  if (start >= lines.length) throw new PatchParseError(`invalid hunk at line ${lineNumber + start}, Update hunk does not contain any lines`);
  const chunk: UpdateChunk = { context, oldLines: [], newLines: [], items: [], endOfFile: false };
  let parsed = 0;
  for (const line of lines.slice(start)) {
    if (line === "*** End of File") {
      if (parsed === 0) throw new PatchParseError(`invalid hunk at line ${lineNumber + start}, Update hunk does not contain any lines`);
      chunk.endOfFile = true;
      parsed++;
      break;
    }
    const marker = line[0];
    if (line === "") {
      chunk.oldLines.push("");
      chunk.newLines.push("");
      chunk.items.push({ kind: " ", text: "" });
    } else if (marker === " ") {
      chunk.oldLines.push(line.slice(1));
      chunk.newLines.push(line.slice(1));
      chunk.items.push({ kind: " ", text: line.slice(1) });
    } else if (marker === "+") {
      chunk.newLines.push(line.slice(1));
      chunk.items.push({ kind: "+", text: line.slice(1) });
    } else if (marker === "-") {
      chunk.oldLines.push(line.slice(1));
      chunk.items.push({ kind: "-", text: line.slice(1) });
    } else {
      if (parsed === 0) {
        throw new PatchParseError(
          `invalid hunk at line ${lineNumber + start}, Unexpected line found in update hunk: '${line}'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)`,
        );
      }
      break;
    }
    parsed++;
  }
  return [chunk, parsed + start];
}
