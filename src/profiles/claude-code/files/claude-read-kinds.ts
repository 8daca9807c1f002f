import { basenamePath, dirnamePath, extnamePath, joinPath, relativePath } from "../../../text/path-posix.js";
import type { EnvironmentPort } from "../../environment-port.js";

/**
 * The extensions Read refuses as binary before it looks at the file (the binary's list, read
 * from its bundled JavaScript; the images and PDFs it reads itself are not refused).
 * @see docs/spec/claude-code-2.1.332.md §4.7
 */
const BINARY_EXTENSIONS = new Set(
  (
    ".mp4 .mov .avi .mkv .webm .wmv .flv .m4v .mpeg .mpg .mp3 .wav .ogg .flac .aac .m4a .wma .aiff .opus .zip .tar .gz .bz2 .7z .rar .xz .z .tgz .iso .zst .lz4 .whl .exe .dll .so .dylib .bin .o .a .obj .lib .app .msi .deb .rpm .dmg .apk " +
    ".doc .docx .docm .dotx .dotm .xls .xlsx .xlsm .xlsb .xltx .xltm .ppt .pptx .pptm .ppsx .ppsm .potx .potm .odt .ods .odp .numbers .epub .ttf .otf .woff .woff2 .eot .pyc .pyo .class .jar .war .ear .node .wasm .rlib .sqlite .sqlite3 .db .mdb .idx .parquet .feather .npy .npz .pickle .psd .ai .eps .sketch .fig .xd .blend .3ds .max .swf .fla .lockb .dat .data " +
    ".bmp .ico .tiff .tif .heic .heif .avif"
  ).split(" "),
);

/** The image extensions Read answers with an image block, and their media types. @see spec §4.7 */
export const CLAUDE_IMAGE_TYPES: Readonly<Record<string, string>> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp" };

/** The extension (from the last `.`, lower case) when Read refuses it as binary. */
export function claudeBinaryExtension(path: string): string | undefined {
  const name = basenamePath(path);
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.length - name.length) return undefined;
  const extension = path.slice(dot).toLowerCase();
  return BINARY_EXTENSIONS.has(extension) ? extension : undefined;
}

/** An extension the similar-file suggestion considers (the binary's pattern). */
const SUGGESTABLE_EXTENSION = /^(\.[\p{L}\p{N}_+~#-]{1,32})?$/u;

/**
 * ` Did you mean <name>?` for a missing file: the first entry of its folder, in listing order,
 * with the same name and another (or no) extension. @see spec §4.3
 */
export async function claudeSimilarFile(environment: EnvironmentPort, path: string): Promise<string | undefined> {
  const folder = dirnamePath(path);
  // The binary (built with Bun) lists the folder in the order the directory yields it, unsorted (observed: unseen batch 13's probe, `.env.local` before `.env.example` as `ls -U` shows them).
  const entries = await environment.listDirectory(folder, { order: "directory" });
  if (!Array.isArray(entries)) return undefined;
  const stem = basenamePath(path).slice(0, basenamePath(path).length - extnamePath(path).length);
  const match = entries.find((entry) => {
    const extension = extnamePath(entry.name);
    return SUGGESTABLE_EXTENSION.test(extension.normalize("NFC")) && entry.name.slice(0, entry.name.length - extension.length) === stem && joinPath(folder, entry.name) !== path;
  });
  return match?.name;
}

/**
 * ` Did you mean <path>?` for a missing path under the working directory's parent but not under
 * the working directory itself: the same relative path under the working directory, when it
 * exists. @see spec §4.3
 */
export async function claudeSuggestUnderCwd(environment: EnvironmentPort, path: string, cwd: string): Promise<string | undefined> {
  const parent = dirnamePath(cwd);
  const folder = await environment.stat(dirnamePath(path));
  const real = folder.realPath === undefined ? path : joinPath(folder.realPath, basenamePath(path));
  const prefix = parent === "/" ? "/" : `${parent}/`;
  if (!real.startsWith(prefix) || real.startsWith(`${cwd}/`) || real === cwd) return undefined;
  const candidate = joinPath(cwd, relativePath(parent, real));
  return (await environment.stat(candidate)).kind === "missing" ? undefined : candidate;
}
