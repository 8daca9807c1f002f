import { existsSync } from "node:fs";
import type { CaseOutcome } from "../conformance/case-outcome.js";
import { CORREX_INVOCATION } from "../conformance/review-command.js";
import type { HtmlReportOutcome } from "../report/html-report-outcome.js";

const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** What is true of a golden after the run, in words (the HTML report shows it, not the internal state). */
export function goldenStateOf(outcome: CaseOutcome, goldenFile: string, pendingFile: string, noWriteReason: string): string {
  if (outcome.golden === "pending") return `pending written: ${pendingFile}`;
  if (outcome.golden === "updated") return "updated in place by this run";
  const exists = existsSync(goldenFile);
  if (exists) return outcome.status === "pass" || outcome.status === "xfail" ? "exists, matches" : `exists, differs${noWriteReason ? ` (no pending file: ${noWriteReason})` : ""}`;
  return `missing${noWriteReason ? ` (not written: ${noWriteReason})` : ""}`;
}

/** `correx check` outcomes with their case and golden files, the golden's state and the command that runs each alone. */
export function checkReportOutcomes(
  outcomes: readonly CaseOutcome[],
  options: { casesRoot: string; goldenRoot: string; pendingRoot?: string; noWriteReason: string; subject: string; root?: string },
): HtmlReportOutcome[] {
  return outcomes.map((outcome) => {
    const caseFile = `${options.casesRoot}/${outcome.id}.yaml`;
    const goldenFile = `${options.goldenRoot}/${outcome.id}.yaml`;
    const pendingFile = options.pendingRoot ? `${options.pendingRoot}/${outcome.id}.yaml.new` : `${goldenFile}.new`;
    const reproduce = [
      `${CORREX_INVOCATION} check`,
      ...(options.subject === "reference" ? [] : ["--subject", shellQuote(options.subject)]),
      ...(options.root ? ["--root", shellQuote(options.root)] : []),
      "--case",
      shellQuote(outcome.id),
    ].join(" ");
    return { ...outcome, caseFile, goldenFile, goldenState: goldenStateOf(outcome, goldenFile, pendingFile, options.noWriteReason), reproduce };
  });
}

/** `correx gate` outcomes with their scenario file, golden (with --against golden) and the gate command for that scenario and protocol alone. */
export function gateReportOutcome(
  outcome: CaseOutcome,
  options: {
    scenarioFile: string;
    goldenFile?: string;
    gateArgs: readonly string[];
    protocol: string;
    command: readonly string[];
    /** Variables the command line sets before correx (the agent's binaries: src/cli/reproduce-environment.ts). */
    variables?: readonly (readonly [string, string])[];
    /** The run saw only loopback: the reproducing command runs in a network namespace of its own, as this one did. */
    loopbackOnly?: boolean;
  },
): HtmlReportOutcome {
  const gate = [
    ...(options.variables ?? []).map(([name, value]) => `${name}=${shellQuote(value)}`),
    `${CORREX_INVOCATION} gate`,
    ...options.gateArgs.map(shellQuote),
    "--protocol",
    options.protocol,
    "--scenario",
    shellQuote(options.scenarioFile),
    "--",
    ...options.command.map(shellQuote),
  ].join(" ");
  const reproduce = options.loopbackOnly ? `unshare -n sh -c ${shellQuote(`ip link set lo up && ${gate}`)}` : gate;
  const goldenState = options.goldenFile
    ? outcome.golden === "pending"
      ? `pending written: ${options.goldenFile}.new`
      : existsSync(options.goldenFile)
        ? `exists${outcome.golden === "matched" ? ", matches" : ""}`
        : "missing"
    : "none: compared with the profile";
  return { ...outcome, caseFile: options.scenarioFile, ...(options.goldenFile ? { goldenFile: options.goldenFile } : {}), goldenState, reproduce };
}
