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
