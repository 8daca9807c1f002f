import { readFileSync, statSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { isAbsolute } from "node:path";

/** Agent scripts larger than this are not read for the variables they use (a driver script is a few KiB). */
const MAX_SCRIPT_BYTES = 256 * 1024;

/** `$NAME`, `${NAME…}` (shell) and `process.env.NAME`, `process.env["NAME"]` (JavaScript): upper-case names only. */
const VARIABLE_REFERENCE = /\$\{?([A-Z_][A-Z0-9_]*)|process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[["']([A-Z_][A-Z0-9_]*)["']\])/g;

const isFile = (path: string) => {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The variables a reproducing command must set for the agent command to run as it did: those its
 * script files (arguments naming a regular file) refer to, that correx's environment sets, to an
 * absolute path that exists — `CODEX_BIN`, `GEMINI_JS`, set on correx's own command line and so
 * not in the next shell. Only paths: a variable holding anything else (an API key) is never
 * written into a report. `CORREX_*` are correx's own, set for every run.
 */
export function agentPathVariables(command: readonly string[], env: Readonly<Record<string, string | undefined>>): [string, string][] {
  const names = new Set<string>();
  for (const argument of command) {
    const size = isFile(argument);
    if (size === undefined || size > MAX_SCRIPT_BYTES) continue;
    let text: string;
    try {
      text = readFileSync(argument, "utf8");
    } catch {
      continue;
    }
    for (const match of text.matchAll(VARIABLE_REFERENCE)) names.add((match[1] ?? match[2] ?? match[3])!);
  }
  const found: [string, string][] = [];
  for (const name of [...names].sort()) {
    const value = env[name];
    if (name.startsWith("CORREX_") || value === undefined || !isAbsolute(value)) continue;
    try {
      statSync(value);
    } catch {
      continue;
    }
    found.push([name, value]);
  }
  return found;
}

/** Whether this process sees no network but its loopback (it runs inside `unshare -n` or the like). */
export function loopbackOnly(): boolean {
  const names = Object.keys(networkInterfaces());
  return names.length > 0 && names.every((name) => name === "lo");
}
