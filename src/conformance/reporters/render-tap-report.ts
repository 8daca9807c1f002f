import { escapeControl } from "../../text/escape-control.js";
import type { CheckRun } from "../run-check.js";

/** TAP version 13: xfail as TODO, unsupported as SKIP, diffs in a YAML block. */
export function renderTapReport(run: CheckRun): string {
  const out = ["TAP version 13", `1..${run.outcomes.length}`];
  run.outcomes.forEach((outcome, index) => {
    const n = index + 1;
    const name = escapeControl(`${outcome.id} (${outcome.spec})`, true).replace(/#/g, "\\#");
    switch (outcome.status) {
      case "pass":
        out.push(`ok ${n} - ${name}`);
        break;
      case "xfail":
        out.push(`not ok ${n} - ${name} # TODO ${escapeControl(outcome.message ?? "", true)}`);
        break;
      case "unsupported":
        out.push(`ok ${n} - ${name} # SKIP ${escapeControl(outcome.message ?? "", true)}`);
        break;
      default:
        out.push(`not ok ${n} - ${name}`, "  ---", `  status: ${outcome.status}`, `  message: ${yamlString(outcome.message ?? "")}`);
        for (const difference of outcome.differences.slice(0, 5)) {
          out.push(`  - pointer: ${yamlString(difference.pointer)}`, `    expected: ${yamlString(difference.expected)}`, `    actual: ${yamlString(difference.actual)}`);
        }
        out.push("  ...");
    }
  });
  return out.join("\n") + "\n";
}

/**
 * A value as a one-line YAML flow scalar: JSON escapes C0 controls but leaves DEL, the C1 controls
 * (U+009B is a CSI) and the bidirectional overrides raw, so those become YAML's own \x / \u
 * escapes too (a TAP consumer printing the block cannot recolour a terminal or reorder a line).
 */
function yamlString(value: unknown): string {
  return escapeControl(JSON.stringify(value) ?? "null", true);
}
