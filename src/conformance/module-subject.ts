import { statSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { InputError } from "../input/input-error.js";
import { createOpsSubject } from "./reference-subject.js";
import type { Subject } from "./subject.js";

/**
 * A subject from a JavaScript module exporting the adapter ops as functions
 * (`export function format(params) {…}`), each returning the op's result or throwing.
 */
export async function createModuleSubject(path: string, options: { stackTraces?: boolean } = {}): Promise<Subject> {
  let module: Record<string, unknown>;
  // Node's loader reads a module whole, in its thread pool: /dev/zero was read until memory ran
  // out, and a FIFO hung the run past every signal. Only a regular file is a module.
  let stats: ReturnType<typeof statSync> | undefined;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new InputError("cannot load subject module: no such file", path);
    // anything else the loader names itself
  }
  if (stats !== undefined && !stats.isFile()) throw new InputError("cannot load subject module: not a regular file", path);
  try {
    module = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new InputError(`cannot load subject module: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, path);
  }
  const ops: Record<string, (params: Record<string, unknown>) => unknown> = {};
  for (const op of ["hello", "format", "truncate", "lower"]) {
    const fn = module[op] ?? (module.default as Record<string, unknown> | undefined)?.[op];
    if (typeof fn === "function") ops[op] = fn as (params: Record<string, unknown>) => unknown;
  }
  if (Object.keys(ops).length === 0) throw new InputError("subject module exports none of hello, format, truncate, lower", path);
  return createOpsSubject(`module:${path}`, ops, options);
}
