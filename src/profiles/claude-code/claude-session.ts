import type { EnvironmentPort } from "../environment-port.js";

/**
 * The files a Claude Code session knows the state of (read by Read, or written by Edit or Write
 * in this session): kept per environment, since one environment serves one agent session.
 * @see docs/spec/claude-code-2.1.332.md §5.1
 */
const known = new WeakMap<EnvironmentPort, Set<string>>();

export function claudeKnownFiles(environment: EnvironmentPort): Set<string> {
  let files = known.get(environment);
  if (files === undefined) {
    files = new Set();
    known.set(environment, files);
  }
  return files;
}
