import type { ScenarioArgumentStyle } from "../scenario/scenario.js";

/**
 * The path argument of read/write/edit in a profile's argument style: `filePath` (opencode-cli)
 * or `path` (opencode-core); undefined when absent or not a string (the profile reports the
 * invalid arguments itself).
 * @see spec README "tools offered" (v2 takes `path`)
 */
export function observeInputPath(input: Record<string, unknown>, style: ScenarioArgumentStyle): string | undefined {
  const value = style === "opencode-core" ? input.path : input.filePath;
  return typeof value === "string" ? value : undefined;
}
