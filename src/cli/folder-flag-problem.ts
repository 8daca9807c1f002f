import { lstatSync, readlinkSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { escapeControl } from "../text/escape-control.js";
import { fileKind } from "./file-kind.js";

/**
 * What is at `path`: "folder" (through links), "missing" (a missing part of it too), or else what
 * it is, in the words after "is" ("a FIFO, not a folder", "a link to nothing (/gone)").
 */
function pathKind(path: string): string {
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) return "folder";
    const kind = fileKind(stats);
    return `${lstatSync(path).isSymbolicLink() ? `a link to ${kind}` : kind}, not a folder`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return "a loop of links";
    if (code !== "ENOENT" && code !== "ENOTDIR") return `a path correx cannot reach (${code ?? String(error)})`;
  }
  try {
    if (lstatSync(path).isSymbolicLink()) return `a link to nothing (${escapeControl(readlinkSync(path), true)})`;
  } catch {}
  return "missing";
}

/**
 * Why a folder flag's path (`--work-dir`, `--output-dir`) cannot be the folder correx writes in,
 * as the words after the path ("is a file, not a folder"), or null when it is a folder or can be
 * made (missing, under a folder: the command makes it and its parents). Asked before anything
 * runs: a file, a device, a FIFO or a dangling link there fails mkdir (EEXIST, ENOENT), which was
 * an internal error (gate) or a crash of every case (check).
 */
export function folderFlagProblem(path: string): string | null {
  const full = resolve(path);
  const kind = pathKind(full);
  if (kind === "folder") return null;
  if (kind !== "missing") return `is ${kind}`;
  for (let parent = dirname(full); ; parent = dirname(parent)) {
    const parentKind = pathKind(parent);
    if (parentKind === "folder") return null;
    if (parentKind !== "missing") return `cannot be made: ${escapeControl(parent, true)} is ${parentKind}`;
    if (dirname(parent) === parent) return null;
  }
}
