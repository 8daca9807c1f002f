import { statSync } from "node:fs";
import { join } from "node:path";
import { MAX_RECORD_BYTES } from "../input/input-limits.js";
import { readTextFileAtMost } from "../input/read-text-file.js";
import { parseScenario, type ScenarioChecks } from "./parse-scenario.js";
import type { Scenario } from "./scenario.js";
import { defaultWorkspacesRoot } from "./write-scenario-workspace.js";

/**
 * Reads and parses one scenario file (fixtures/scenarios/<name>.yaml), at most MAX_RECORD_BYTES,
 * checking that its workspace folder exists under `workspacesRoot`; schema issues improved by
 * `explain`. Throws InputError.
 */
export async function loadScenario(file: string, explain?: ScenarioChecks["explain"], workspacesRoot: string = defaultWorkspacesRoot): Promise<Scenario> {
  const text = readTextFileAtMost(file, MAX_RECORD_BYTES, "scenario");
  return parseScenario(text, file, { folderExists: (folder) => isDirectory(join(workspacesRoot, folder)), explain });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
