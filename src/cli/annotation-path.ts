import { isAbsolute, relative } from "node:path";

/**
 * A file's path as a GitHub annotation names it: relative to the checkout (`GITHUB_WORKSPACE`, else
 * the current folder), with `/` separators. A path outside it stays absolute: no relative path
 * would reach it either.
 */
export function annotationPath(path: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const root = env.GITHUB_WORKSPACE || cwd;
  const shown = relative(root, path);
  return shown === "" || shown.startsWith("..") || isAbsolute(shown) ? path : shown.split("\\").join("/");
}
