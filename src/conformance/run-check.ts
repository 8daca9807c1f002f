import { acceptedGoldenText } from "../golden/accept-golden.js";
import type { GoldenPort } from "../golden/golden-port.js";
import { stringifyGoldenYaml } from "../golden/golden-yaml.js";
import { InputError } from "../input/input-error.js";
import { escapeControl } from "../text/escape-control.js";
import { type CaseOutcome, createReportMessageBudget, type RunSummary, summarize } from "./case-outcome.js";
import { type CorpusFilter, filterCases } from "./corpus-filter.js";
import { type CorpusLocation, goldenPathOf, type IssueExplainer, loadCases, loadGolden } from "./load-corpus.js";
import type { LoadedCase, LoadedGolden } from "./loaded-case.js";
import { runCase } from "./run-case.js";
import type { Subject } from "./subject.js";
import type { UpdateBehavior } from "./update-policy.js";

export interface CheckOptions {
  port: GoldenPort;
  location: CorpusLocation;
  filter: CorpusFilter;
  subject: Subject;
  update: UpdateBehavior;
  /** Pending files go under this folder instead of beside the goldens (`--pending-dir`). */
  pendingRoot?: string;
  /** With `update: "none"`, why a missing golden is not written (named in its message). */
  noWriteReason?: string;
  /** What rewrites goldens in place, recorded in their `reviewed:` (default "correx check --update always"). */
  updatedBy?: string;
  outputDir: string;
  timeoutMs: number;
  /** Expected failures by case id. */
  baseline?: Set<string>;
  /**
   * Keep `actual`, `expected` and `input` on passing outcomes (the HTML report shows them).
   * Default true. Without them a run holds only what failing cases need, which keeps a large
   * corpus's heap (and its garbage collection) small.
   */
  keepPassingValues?: boolean;
  /** Improves the schema issue a broken case file is reported with (the CLI: allowed values, "did you mean"). */
  explainIssue?: IssueExplainer;
  /** Stop after the first case that fails, crashes or times out (`--bail`). */
  bail?: boolean;
  /** Called after each case (progress). */
  onOutcome?: (outcome: CaseOutcome, done: number, total: number) => void;
}

export interface CheckRun {
  outcomes: CaseOutcome[];
  summary: RunSummary;
  /** Every case id in the corpus (unfiltered), for prune. */
  allCaseIds: string[];
  /** With `bail`, how many selected cases were not run after the first failure. */
  notRun?: number;
}

/** The golden document a value would be stored as (fixed key order, versioned header). */
export function goldenDocument(testCase: LoadedCase, expected: unknown, extra: Record<string, unknown> = {}): string {
  return stringifyGoldenYaml({ correx: "golden/1", case: testCase.id, spec: testCase.spec, ...extra, expected });
}

/**
 * `correx check`: load, filter, run each case, compare, and apply the update behaviour
 * (pending `.yaml.new` beside the golden, in-place rewrite, or nothing). Pure except through
 * the port and the subject.
 */
export async function runCheck(options: CheckOptions): Promise<CheckRun> {
  const started = performance.now();
  const { port, location } = options;
  const all = await loadCases(port, location, options.explainIssue);
  checkBaseline(all, options.baseline);
  const selected = filterCases(all, options.filter);
  const outcomes: CaseOutcome[] = [];
  const keepMessage = createReportMessageBudget();
  for (const [index, testCase] of selected.entries()) {
    // A turn of the event loop now and then: a signal (Ctrl-C) is handled during the run, not after it.
    if (index % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
    outcomes.push(keepMessage(await checkCase(testCase, options)));
    options.onOutcome?.(outcomes[outcomes.length - 1]!, outcomes.length, selected.length);
    const last = outcomes[outcomes.length - 1]!;
    if (options.bail && (last.status === "fail" || last.status === "crash" || last.status === "timeout")) break;
  }
  const notRun = selected.length - outcomes.length;
  return { outcomes, summary: summarize(outcomes, performance.now() - started), allCaseIds: all.map((testCase) => testCase.id), ...(notRun > 0 ? { notRun } : {}) };
}

/** A baseline naming a case the corpus does not have is bad input. */
export function checkBaseline(all: readonly { id: string }[], baseline: Set<string> | undefined): void {
  const ids = new Set(all.map((testCase) => testCase.id));
  for (const id of baseline ?? []) {
    if (!ids.has(id)) throw new InputError(`baseline names unknown case "${id}"`);
  }
}

/** What the run does for one case: its golden read, the subject run and compared, the update behaviour and baseline applied. */
export async function checkCase(testCase: LoadedCase, options: Omit<CheckOptions, "filter" | "onOutcome">): Promise<CaseOutcome> {
  return finishCase(testCase, await runCaseAgainstGolden(testCase, options), options);
}

/** A case run and compared, before anything is written: its golden and the outcome. */
export interface ComparedCase {
  golden: LoadedGolden | null;
  outcome: CaseOutcome;
}

/**
 * The first half of `checkCase`: reads the golden, runs the case and compares. Writes nothing into
 * the corpus, so a worker lane may do it before the run knows it goes ahead (check-in-workers.ts).
 * A passing outcome whose values the run will not keep is stripped of them at once (and of its
 * golden, which a pass does not read again): held until the run goes ahead, they would fill the heap.
 */
export async function runCaseAgainstGolden(testCase: LoadedCase, options: Omit<CheckOptions, "filter" | "onOutcome">): Promise<ComparedCase> {
  const golden = await loadGolden(options.port, options.location, testCase.id);
  const outcome = await runCase(testCase, golden, options.subject, { outputDir: options.outputDir, timeoutMs: options.timeoutMs });
  if (outcome.status === "pass" && options.keepPassingValues === false && !options.baseline?.has(outcome.id)) return { golden: null, outcome: withoutValues(outcome) };
  return { golden, outcome };
}

/** The second half of `checkCase`: the update behaviour (what is written) and the baseline applied to a compared case. */
export function finishCase(testCase: LoadedCase, compared: ComparedCase, options: Omit<CheckOptions, "filter" | "onOutcome">): CaseOutcome {
  let outcome = applyGoldenPolicy(compared.outcome, testCase, compared.golden, options);
  outcome = applyBaseline(outcome, options.baseline);
  if (outcome.status === "pass" && options.keepPassingValues === false) outcome = withoutValues(outcome);
  return outcome;
}

/** The outcome without its (possibly large) values. */
function withoutValues(outcome: CaseOutcome): CaseOutcome {
  const { actual: _actual, expected: _expected, input: _input, ...rest } = outcome;
  return rest;
}

/** Writes (or not) the golden or its pending file for one outcome, and records what happened. */
function applyGoldenPolicy(outcome: CaseOutcome, testCase: LoadedCase, golden: LoadedGolden | null, options: Omit<CheckOptions, "filter" | "onOutcome">): CaseOutcome {
  const goldenPath = goldenPathOf(options.location, testCase.id);
  const pendingPath = options.pendingRoot === undefined ? `${goldenPath}.new` : `${options.pendingRoot}/${testCase.id}.yaml.new`;
  if (outcome.status === "pass") {
    if (options.update !== "none") options.port.remove(pendingPath);
    return { ...outcome, golden: "matched" };
  }
  if (outcome.status !== "fail" || outcome.actual === undefined) return outcome;
  switch (options.update) {
    case "none": {
      const reason = options.noWriteReason ?? "nothing is written under CI";
      return { ...outcome, golden: golden ? "none" : "missing", message: golden ? outcome.message : `no golden (${reason})` };
    }
    case "in-place": {
      const entry = `${options.updatedBy ?? "updated by correx check --update always"} (subject: ${options.subject.name})`;
      options.port.writeAtomic(goldenPath, acceptedGoldenText(golden?.text ?? null, { case: testCase.id, spec: testCase.spec }, outcome.actual, entry));
      options.port.remove(pendingPath);
      return { ...outcome, status: "pass", golden: "updated", message: "golden updated" };
    }
    case "pending": {
      const source: Record<string, unknown> = { profile: testCase.profile, stage: testCase.stage, subject: options.subject.name };
      if (testCase.tool) source.tool = testCase.tool;
      if (testCase.protocols.length) source.protocols = testCase.protocols;
      options.port.writeAtomic(pendingPath, goldenDocument(testCase, outcome.actual, { source }));
      return { ...outcome, golden: "pending", message: `${outcome.message}; pending golden written: ${escapeControl(pendingPath, true)}` };
    }
    default: {
      const _exhaustive: never = options.update;
      return _exhaustive;
    }
  }
}

/** A listed case that fails is xfail; a listed case that passes fails as a stale entry. */
function applyBaseline(outcome: CaseOutcome, baseline: Set<string> | undefined): CaseOutcome {
  if (!baseline?.has(outcome.id)) return outcome;
  if (outcome.status === "fail" || outcome.status === "crash" || outcome.status === "timeout") {
    return { ...outcome, status: "xfail", message: `expected failure (baseline): ${outcome.message ?? outcome.status}` };
  }
  if (outcome.status === "pass") return { ...outcome, status: "fail", message: "stale baseline entry: this case passes now; remove it from the baseline" };
  return outcome;
}
