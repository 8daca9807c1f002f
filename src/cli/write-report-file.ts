import { nodeGoldenPort } from "../golden/node-golden-port.js";
import { InputError } from "../input/input-error.js";

/** Writes a report file atomically (temp + rename), so a reader never sees half a report. */
export function writeReportFile(path: string, text: string): void {
  try {
    nodeGoldenPort.writeAtomic(path, text);
  } catch (error) {
    throw new InputError(`cannot write report: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, path);
  }
}
