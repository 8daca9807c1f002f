import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { mkdirSync } from "node:fs";
import type { GoldenPort } from "./golden-port.js";

let counter = 0;

/** The Node implementation of GoldenPort: atomic, idempotent writes (insta's FilePatcher::save). */
export const nodeGoldenPort: GoldenPort = {
  read(path) {
    try {
      return readFileSync(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  },
  writeAtomic(path, text) {
    if (nodeGoldenPort.read(path) === text) return;
    mkdirSync(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${++counter}.tmp`);
    const fd = openSync(temp, "wx", 0o644);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      rmSync(temp, { force: true });
      throw error;
    }
    closeSync(fd);
    try {
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  },
  remove(path) {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  },
  list(root, suffix) {
    let entries: string[];
    try {
      entries = readdirSync(root, { recursive: true }) as string[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return entries
      .map((entry) => entry.split("\\").join("/"))
      .filter((entry) => entry.endsWith(suffix) && !entry.split("/").some((part) => part.startsWith(".")))
      .sort();
  },
};
