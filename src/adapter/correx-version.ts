import { createRequire } from "node:module";

/**
 * correx's version, read from its package.json (src/adapter/ and dist/adapter/ are both two
 * levels below the package root), so the CLI, the adapter's hello and the reports never disagree
 * with what was published.
 */
export const correxVersion: string = (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
