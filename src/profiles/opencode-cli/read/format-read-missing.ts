import { basenamePath, dirnamePath, joinPath } from "../../../text/path-posix.js";
import type { ReadMissingObservation } from "../format-observations.js";
import { ToolFailure } from "../result/format-result.js";

/**
 * v1 read of a missing path: `File not found: <abs>`, plus up to 3 siblings (readdir order) whose
 * lower-cased name contains the lower-cased basename or is contained in it.
 * @see spec §2.2 step 3
 */
export function formatReadMissing(observation: ReadMissingObservation): never {
  const base = basenamePath(observation.path).toLowerCase();
  const directory = dirnamePath(observation.path);
  const suggestions = (observation.siblings ?? [])
    .filter((name) => {
      const lower = name.toLowerCase();
      return lower.includes(base) || base.includes(lower);
    })
    .slice(0, 3)
    .map((name) => joinPath(directory, name));
  const message = `File not found: ${observation.path}`;
  throw new ToolFailure(suggestions.length === 0 ? message : `${message}\n\nDid you mean one of these?\n${suggestions.join("\n")}`);
}
