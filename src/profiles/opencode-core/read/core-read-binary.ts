/**
 * How v2 `read` decides a file is binary (bundle `ReadTool.read`, packages/core
 * read-filesystem.ts): by extension of the resource, by `%PDF` magic, and by a byte test on the
 * first chunk (whole file) or on each line (paged read).
 * @see spec §2.2b (binary extensions, no PDF support); README "Verified against the released
 * binary's v2 runner"; docs/decisions/gate-v2-runner.md (Profile vs binary)
 */

/** Extensions read refuses as binary. @see spec §2.2 step 6, §2.2b (binary extensions) */
export const READ_BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  ".zip .tar .gz .exe .dll .so .class .jar .war .7z .doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp .bin .dat .obj .o .a .lib .wasm .pyc .pyo".split(" "),
);

/** The share of control bytes above which a chunk is binary. @see spec §2.2b */
export const READ_CONTROL_BYTE_SHARE = 0.3;

/**
 * The extension as Node's posix `path.extname` gives it: from the last `.` of the last segment,
 * `""` when that segment has no dot, has nothing before its last dot (`.bashrc` → `""`) or is `..`.
 */
export function pathExtension(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const start = path.lastIndexOf("/", end - 1) + 1;
  const name = path.slice(start, end);
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || name === "..") return "";
  return name.slice(dot);
}

/** A binary extension of the resource (case-insensitive). @see spec §2.2b */
export function hasBinaryExtension(resource: string): boolean {
  return READ_BINARY_EXTENSIONS.has(pathExtension(resource).toLowerCase());
}

/** The 4-byte `%PDF` magic. @see spec §2.2b (no PDF support) */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
}

/**
 * The chunk test: a binary extension; else an empty chunk is text; else any NUL byte, or more
 * than 30 % of the bytes in [0x00–0x08] ∪ [0x0E–0x1F], is binary.
 * @see spec §2.2b (binary files)
 */
export function looksBinary(resource: string, chunk: Uint8Array): boolean {
  if (hasBinaryExtension(resource)) return true;
  if (chunk.length === 0) return false;
  let control = 0;
  for (const byte of chunk) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control / chunk.length > READ_CONTROL_BYTE_SHARE;
}
