import type { CheckRun } from "../run-check.js";
import { renderOutcomeDetails } from "./render-pretty-report.js";
import type { RunMetadata } from "./run-metadata.js";

// XML 1.0 cannot carry most control characters even escaped: show them as U+FFFD.
const xml = (text: string): string =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: it removes exactly the control characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** JUnit XML (one testsuite per profile/stage, one testcase per case) that CI systems ingest. */
export function renderJunitReport(run: CheckRun, metadata: RunMetadata): string {
  const suites = new Map<string, typeof run.outcomes>();
  for (const outcome of run.outcomes) {
    const name = `${outcome.profile}.${outcome.stage}`;
    suites.set(name, [...(suites.get(name) ?? []), outcome]);
  }
  const s = run.summary;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="correx" tests="${s.total}" failures="${s.fail}" errors="${s.crash + s.timeout}" skipped="${s.xfail + s.unsupported}" time="${(s.durationMs / 1000).toFixed(3)}">`,
  ];
  for (const [name, outcomes] of suites) {
    const count = (...statuses: string[]) => outcomes.filter((outcome) => statuses.includes(outcome.status)).length;
    out.push(
      `  <testsuite name="${xml(name)}" tests="${outcomes.length}" failures="${count("fail")}" errors="${count("crash", "timeout")}" skipped="${count("xfail", "unsupported")}">`,
      `    <properties><property name="subject" value="${xml(metadata.subject)}"/></properties>`,
    );
    for (const outcome of outcomes) {
      const open = `    <testcase classname="${xml(`${outcome.profile}.${outcome.area}`)}" name="${xml(outcome.id)}" time="${(outcome.durationMs / 1000).toFixed(3)}"`;
      switch (outcome.status) {
        case "pass":
          out.push(`${open}/>`);
          break;
        case "fail":
          out.push(`${open}>`, `      <failure message="${xml(outcome.message ?? "does not conform")}">${xml(renderOutcomeDetails(outcome))}</failure>`, "    </testcase>");
          break;
        case "crash":
        case "timeout":
          out.push(`${open}>`, `      <error type="${outcome.status}" message="${xml(outcome.message ?? outcome.status)}"/>`, "    </testcase>");
          break;
        case "xfail":
        case "unsupported":
          out.push(`${open}>`, `      <skipped message="${xml(`${outcome.status}: ${outcome.message ?? ""}`)}"/>`, "    </testcase>");
          break;
        default: {
          const _exhaustive: never = outcome.status;
          return _exhaustive;
        }
      }
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return out.join("\n") + "\n";
}
