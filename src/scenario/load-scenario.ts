import { statSync } from "node:fs";
import { join } from "node:path";
import { MAX_RECORD_BYTES } from "../input/input-limits.js";
import { readTextFileAtMost } from "../input/read-text-file.js";
import { parseScenario } from "./parse-scenario.js";
import type { Scenario } from "./scenario.js";
import { defaultWorkspacesRoot } from "./write-scenario-workspace.js";

/**
 * Reads and parses one scenario file (fixtures/scenarios/<name>.yaml), at most MAX_RECORD_BYTES,
 * checking that its workspace folder exists under `workspacesRoot`. Throws InputError.
 */
export async function loadScenario(file: string, workspacesRoot: string = defaultWorkspacesRoot): Promise<Scenario> {
  const text = readTextFileAtMost(file, MAX_RECORD_BYTES, "scenario");
  return parseScenario(text, file, { folderExists: (folder) => isDirectory(join(workspacesRoot, folder)) });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
