import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { brokenLinkReason } from "../input/broken-link-reason.js";
import { InputError } from "../input/input-error.js";

/** The file that marks a folder as a correx report, so a rewrite may replace it. */
export const REPORT_MARKER = ".correx-report";

/**
 * Writes a report folder atomically: every file goes into a temp folder beside `dir`, which is
 * then renamed into place (an older report there is renamed away first and removed after), so a
 * reader or an interrupted run never sees a partial report. Refuses to replace a folder that is
 * not empty and is not a correx report.
 */
export function writeHtmlReport(dir: string, files: Map<string, string>): void {
  const target = reportFolder(dir);
  const parent = dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = join(parent, `.${basename(target)}.tmp-${stamp}`);
  const fail = (error: unknown): never => {
    throw new InputError(`cannot write report: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, dir);
  };
  let exists = false;
  try {
    mkdirSync(parent, { recursive: true });
    if (existsSync(target)) {
      if (!statSync(target).isDirectory()) throw new InputError("cannot write report: not a directory", dir);
      exists = readdirSync(target).length > 0;
      if (exists && !existsSync(join(target, REPORT_MARKER))) {
        throw new InputError(`cannot write report: the folder is not empty and holds no ${REPORT_MARKER} (not an earlier correx report); refusing to replace it`, dir);
      }
    }
    mkdirSync(temp);
  } catch (error) {
    if (InputError.isInstance(error)) throw error;
    fail(error);
  }
  try {
    const made = new Set<string>([temp]);
    for (const [path, text] of files) {
      const file = join(temp, path);
      const folder = dirname(file);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(file, text);
    }
    writeFileSync(join(temp, REPORT_MARKER), "correx html report\n");
    if (existsSync(target)) {
      const old = join(parent, `.${basename(target)}.old-${stamp}`);
      renameSync(target, old);
      renameSync(temp, target);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    fail(error);
  }
}

/**
 * Where the report folder really is: `dir` itself, or, when `dir` is a link, the folder it leads to
 * (the report is written there and the link stays, as a report file's link does). A link to
 * nothing is refused: a folder cannot be made through it.
 */
function reportFolder(dir: string): string {
  const path = resolve(dir);
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return path;
  }
  if (!link) return path;
  try {
    return realpathSync(path);
  } catch (error) {
    throw new InputError(`cannot write report: it is ${brokenLinkReason((error as NodeJS.ErrnoException).code)}`, dir);
  }
}
