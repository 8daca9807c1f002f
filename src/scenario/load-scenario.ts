import { readFile } from "node:fs/promises";
import { InputError } from "../input/input-error.js";
import { parseScenario } from "./parse-scenario.js";
import type { Scenario } from "./scenario.js";

/** Reads and parses one scenario file (fixtures/scenarios/<name>.yaml). Throws InputError. */
export async function loadScenario(file: string, explain?: Parameters<typeof parseScenario>[2]): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new InputError(`cannot read scenario: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, file);
  }
  return parseScenario(text, file, explain);
}
