import type { PatchAppliedObservation } from "../../../generated/schema-types.js";
import type { CodexOutput } from "../codex-result.js";

const LETTER = { add: "A", modify: "M", delete: "D" } as const;

/**
 * apply_patch's result: on success `Exit code: 0⏎Wall time: <s> seconds⏎Output:⏎Success. Updated
 * the following files:⏎` and one `<A|M|D> <path as written>⏎` per file, added first, then
 * modified, then deleted (patch order within each); a refused patch is
 * `apply_patch verification failed: <why>`; a patch with no hunk `patch rejected: empty patch`; a
 * patch that failed while being applied `Exit code: 1⏎Wall time: <s> seconds⏎Output:⏎<why>⏎`.
 * @see spec §4.3 (observed bytes; source codex-rs/apply-patch/src/lib.rs `print_summary`)
 */
export function formatApplyPatch(observation: PatchAppliedObservation): CodexOutput {
  if ("failed" in observation) {
    return { output: `Exit code: 1\nWall time: ${Math.floor(observation.wallTimeSeconds ?? 0)} seconds\nOutput:\n${observation.failed}\n` };
  }
  if ("refused" in observation) {
    return { output: observation.refused === "empty" ? "patch rejected: empty patch" : `apply_patch verification failed: ${observation.message ?? ""}` };
  }
  const lines = (["add", "modify", "delete"] as const).flatMap((action) => observation.changes.filter((change) => change.action === action).map((change) => `${LETTER[action]} ${change.path}\n`));
  const seconds = Math.floor(observation.wallTimeSeconds ?? 0);
  return { output: `Exit code: 0\nWall time: ${seconds} seconds\nOutput:\nSuccess. Updated the following files:\n${lines.join("")}` };
}
