import { escapeControl } from "../../text/escape-control.js";
import type { CheckRun } from "../run-check.js";

/** TAP version 13: xfail as TODO, unsupported as SKIP, diffs in a YAML block. */
export function renderTapReport(run: CheckRun): string {
  const out = ["TAP version 13", `1..${run.outcomes.length}`];
  run.outcomes.forEach((outcome, index) => {
    const n = index + 1;
    const name = `${outcome.id} (${outcome.spec})`.replace(/#/g, "\\#");
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
        out.push(`not ok ${n} - ${name}`, "  ---", `  status: ${outcome.status}`, `  message: ${JSON.stringify(outcome.message ?? "")}`);
        for (const difference of outcome.differences.slice(0, 5)) {
          out.push(
            `  - pointer: ${JSON.stringify(difference.pointer)}`,
            `    expected: ${JSON.stringify(difference.expected) ?? "null"}`,
            `    actual: ${JSON.stringify(difference.actual) ?? "null"}`,
          );
        }
        out.push("  ...");
    }
  });
  return out.join("\n") + "\n";
}
