import type { Stats } from "node:fs";

/** What a path is, in the words after "it is" ("a directory", "a FIFO", "a file"…), for one-line refusals. */
export const fileKind = (stats: Stats): string =>
  stats.isDirectory()
    ? "a directory"
    : stats.isSocket()
      ? "a socket"
      : stats.isBlockDevice()
        ? "a block device"
        : stats.isCharacterDevice()
          ? "a character device"
          : stats.isFIFO()
            ? "a FIFO"
            : "a file";
