import * as fs from "node:fs";

/** The file-system calls the output store makes; injectable so tests can simulate a full disk. */
export type OutputStoreFs = Pick<typeof fs, "mkdirSync" | "openSync" | "writeSync" | "closeSync" | "unlinkSync" | "readdirSync" | "lstatSync">;

/** The real file system. */
export const nodeOutputStoreFs: OutputStoreFs = fs;
