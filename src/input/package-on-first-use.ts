import { createRequire } from "node:module";

const requirePackage = createRequire(import.meta.url);

/**
 * A package needed for a few cases only (ajv, jsdiff, minimatch, htmlparser2, Turndown…),
 * loaded when a case first needs it. Loaded with the profile registry or the gate, they cost the start of every
 * `check` lane and every gate 100–150 ms (issue 32), whichever profile and tools it runs.
 */
export function packageOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(name) as T);
}
