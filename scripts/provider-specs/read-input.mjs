// Reading check-provider-specs's input (spec files, JSON bodies, folders), and its one error type:
// bad input (a missing folder, a file that is not JSON or YAML, an unknown protocol), which the
// command line prints in one line and exits 2 on.

import { readFileSync, statSync } from "node:fs";

export class InputError extends Error {
  name = "InputError";
}

/** Whether `path` is a directory (false when it does not exist). */
export function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The text of a file, or an InputError naming it. */
export function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${error.message}`);
  }
}

/** A JSON file, parsed, or an InputError naming it. */
export function parseJson(path) {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`${path}: not JSON: ${error.message}`);
  }
}
