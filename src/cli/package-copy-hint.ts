import { statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { InputError } from "../input/input-error.js";
import { packageRoot } from "./package-root.js";

/**
 * For a relative path that is missing where correx runs but is one of the package's own files
 * (a README line typed in a project that installed correx: `examples/…`, `fixtures/…`), the hint
 * `; the correx package has it: node_modules/correx/…`; else "".
 */
export function packageCopyHint(path: string, cwd = process.cwd()): string {
  if (path === "" || isAbsolute(path)) return "";
  const inPackage = join(packageRoot, path);
  if (resolve(cwd, path) === inPackage) return "";
  try {
    if (!statSync(inPackage).isFile()) return "";
  } catch {
    return "";
  }
  return `; the correx package has it: ${relative(cwd, inPackage)}`;
}

/** An InputError's one line, with the package-copy hint when the file it names is missing. */
export function renderInputError(error: InputError): string {
  const hint = error.file !== undefined && error.message.endsWith("no such file") ? packageCopyHint(error.file) : "";
  return `${error.render()}${hint}`;
}
