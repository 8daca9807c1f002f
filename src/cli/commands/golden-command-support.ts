import { resolve } from "node:path";
import { isCIEnvironment } from "../../conformance/update-policy.js";
import { packageRoot } from "../package-root.js";
import { UsageError } from "../usage-error.js";

/** Whether the environment says CI, as a usage error when it cannot be read. */
export function isCI(): boolean {
  try {
    return isCIEnvironment(process.env);
  } catch (error) {
    throw new UsageError(`correx golden: ${(error as Error).message}`);
  }
}

/** The corpus root a `--root` value names (default: correx's own). */
export const goldenRootOf = (value: unknown) => (value ? resolve(String(value)) : packageRoot);
