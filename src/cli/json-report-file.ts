import { closeSync, lstatSync, openSync, realpathSync, writeSync } from "node:fs";
import { writeReportFile } from "./write-report-file.js";

/**
 * A json report file written as the run goes: each case's line is appended the moment the case is
 * known, so a run that crashes, hangs or is killed leaves every case it finished on disk (a file
 * without the summary line is a run that did not end). At the end the whole report, in report
 * order, replaces it the way every report file is written (writeReportFile: temp + rename).
 * Only a regular file or a new path (through a symlink: its target) is written early; a device or
 * a FIFO (`/dev/null`, a pipe) gets the whole report once, at the end, as before.
 */
export interface JsonReportFile {
  /** Appends case lines (each without its newline) now; never throws (the end's write reports a bad path). */
  append(lines: readonly string[]): void;
  /** Writes the whole report in place of what was appended. */
  finish(text: string): void;
}

export function openJsonReportFile(path: string): JsonReportFile {
  let fd: number | null = null;
  try {
    const stats = lstatOrNull(path);
    const target = stats?.isSymbolicLink() ? realpathSync(path) : path;
    const targetStats = target === path ? stats : lstatOrNull(target);
    if (targetStats === null || targetStats.isFile()) fd = openSync(target, "w");
  } catch {
    fd = null; // the end's writeReportFile names what is wrong with the path
  }
  const close = () => {
    if (fd === null) return;
    try {
      closeSync(fd);
    } catch {}
    fd = null;
  };
  return {
    append(lines) {
      if (fd === null || lines.length === 0) return;
      try {
        writeSync(fd, lines.map((line) => `${line}\n`).join(""));
      } catch {
        close();
      }
    },
    finish(text) {
      close();
      writeReportFile(path, text);
    },
  };
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
