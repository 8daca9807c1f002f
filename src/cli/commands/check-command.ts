import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { correxVersion } from "../../adapter/correx-version.js";
import { parseBaseline } from "../../conformance/baseline.js";
import { exitCodeOf } from "../../conformance/case-outcome.js";
import { type CommandSubjectOptions, createCommandSubject, DEFAULT_MAX_FAILED_STARTS, DEFAULT_START_TIMEOUT_MS } from "../../conformance/command-subject.js";
import { type CorpusFilter, emptySelectionReason, filterCases, isFiltered } from "../../conformance/corpus-filter.js";
import { type CorpusLocation, goldenPathOf, loadCases } from "../../conformance/load-corpus.js";
import { createModuleSubject } from "../../conformance/module-subject.js";
import { createReferenceSubject } from "../../conformance/reference-subject.js";
import { renderGithubAnnotations } from "../../conformance/reporters/render-github-annotations.js";
import { renderTextReport } from "../../conformance/reporters/render-text-report.js";
import type { RunMetadata } from "../../conformance/reporters/run-metadata.js";
import { reviewCommandFor } from "../../conformance/review-command.js";
import { type CheckRun, runCheck } from "../../conformance/run-check.js";
import type { Subject } from "../../conformance/subject.js";
import { overBudgetMessage, renderUnsupportedBudget } from "../../conformance/unsupported-budget.js";
import { isCIEnvironment, parseUpdateMode, resolveCheckUpdate } from "../../conformance/update-policy.js";
import { acquireGoldenLock, GoldenLockHeldError } from "../../golden/node-golden-lock.js";
import { nodeGoldenPort } from "../../golden/node-golden-port.js";
import { MAX_RECORD_BYTES } from "../../input/input-limits.js";
import { readTextFileAtMost } from "../../input/read-text-file.js";
import type { Profile } from "../../profiles/profile.js";
import { findProfile, listProfiles } from "../../profiles/profile-registry.js";
import { renderHtmlReport } from "../../report/render-html-report.js";
import { writeHtmlReport } from "../../report/write-html-report.js";
import { escapeControl } from "../../text/escape-control.js";
import { annotationPath } from "../annotation-path.js";
import { runCheckInWorkers } from "../check-in-workers.js";
import type { CommandIo } from "../command-io.js";
import { folderFlagProblem } from "../folder-flag-problem.js";
import { checkReportOutcomes } from "../html-report-facts.js";
import { packageRoot } from "../package-root.js";
import { parseCommandArgs, parseCountFlag, parseMaxUnsupportedFlag, parseMillisecondsFlag, parseShardFlag } from "../parse-command-args.js";
import { missingShellCommand } from "../resolve-agent-command.js";
import { createRunOutputDirectory } from "../run-output-directory.js";
import { withSuggestions } from "../schema-suggestions.js";
import { paintFor } from "../terminal-colour.js";
import { speaks, unknownProfileError, unspokenProtocolError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";
import { writeReportFile } from "../write-report-file.js";

export const checkHelp = `usage: correx check [options]

Runs the golden corpus against a subject and reports. With the reference, a mismatch or a missing
golden writes a pending <case>.yaml.new beside the golden (review with 'npx correx golden review', with
the same --root);
under CI=true or --ci nothing is written and a missing golden fails. Any other subject writes
nothing into the corpus (the corpus is the spec): its failures are reported, and --pending-dir
DIR collects what it produced.

  --subject S        reference (default) | module:PATH | cmd:"COMMAND" (adapter protocol on stdio)
  --profile P        only this profile (repeatable)     --stage S    format|truncate|lower
  --protocol X       only lower cases for protocol X    --tag T      only cases with tag T
  --case GLOB        only case ids matching (repeatable; * one segment, ** any)
  --shard i/n        the i-th of n deterministic shards
  --reporter R       pretty|json|junit|tap, optionally =FILE (repeatable); html=DIR writes a
                     self-contained HTML report folder (matrix, a page per case)
  --baseline FILE    expected failures by case id
  --update MODE      auto (default) | always | new | no
  --pending-dir DIR  write pending files under DIR (<case id>.yaml.new), never beside the goldens
  --write-corpus-from-subject
                     let a subject other than the reference write the corpus's goldens (it
                     becomes the spec; said loudly)
  --max-unsupported N|P%
                     how many cases may be unsupported (a count, or a share of the run) before the
                     run is not good: exit 3 when nothing failed but more were unsupported (default 0)
  --list             print the selected case ids (after the filters and shard) and run nothing
  --bail             stop after the first case that fails, crashes or times out
  --ci               behave as under CI (write nothing)
  --timeout MS       per-case timeout for adapter subjects, 1 … 2147483647 (default 10000)
  --start-timeout MS how long a (re)started cmd: subject may take to answer hello (default ${DEFAULT_START_TIMEOUT_MS})
  --max-failed-starts K
                     after K failed starts of a cmd: subject in a row, the remaining cases are
                     crashes at once, with the reason (default ${DEFAULT_MAX_FAILED_STARTS})
  --output-dir DIR   where subjects save full outputs (default: a fresh temp folder, removed at the end)
  --root DIR         corpus root holding fixtures/cases/ and golden/ (default: correx's own)`;

const reporters = ["pretty", "json", "junit", "tap", "html"] as const;

/** `correx check`: see checkHelp. */
export async function checkCommand(args: string[], io: CommandIo, invokedAs = "correx check --update always"): Promise<number> {
  const { values } = parseCommandArgs(
    // `golden update` runs check: its option errors name the command typed
    invokedAs === "correx golden update" ? "golden update" : "check",
    args,
    {
      subject: { type: "string", default: "reference" },
      profile: { type: "string", multiple: true },
      protocol: { type: "string", multiple: true },
      stage: { type: "string", multiple: true },
      tag: { type: "string", multiple: true },
      case: { type: "string", multiple: true },
      shard: { type: "string" },
      reporter: { type: "string", multiple: true },
      baseline: { type: "string" },
      update: { type: "string", default: "auto" },
      ci: { type: "boolean", default: false },
      timeout: { type: "string", default: "10000" },
      "start-timeout": { type: "string" },
      "max-failed-starts": { type: "string", default: String(DEFAULT_MAX_FAILED_STARTS) },
      root: { type: "string" },
      "pending-dir": { type: "string" },
      "write-corpus-from-subject": { type: "boolean", default: false },
      "output-dir": { type: "string" },
      "max-unsupported": { type: "string", default: "0" },
      list: { type: "boolean", default: false },
      bail: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
    false,
  );
  if (values.help) {
    io.out(checkHelp + "\n");
    return 0;
  }
  const list = (name: string) => (values[name] as string[] | undefined) ?? [];
  const chosen: Profile[] = [];
  for (const id of list("profile")) {
    const found = findProfile(id);
    if (!found) throw unknownProfileError("check", id);
    chosen.push(found);
  }
  for (const protocol of list("protocol")) {
    // A protocol none of the chosen profiles speaks selects nothing: say why rather than "no case matches".
    if (chosen.length > 0 && !chosen.some((profile) => speaks(profile, protocol))) throw unspokenProtocolError("check", chosen, protocol);
  }
  for (const stage of list("stage")) {
    if (!["format", "truncate", "lower"].includes(stage)) throw new UsageError(`correx check: unknown --stage "${stage}"; known: format, truncate, lower`);
  }
  const shard: CorpusFilter["shard"] = values.shard === undefined ? undefined : parseShardFlag("check", String(values.shard));
  const updateMode = parseUpdateMode(String(values.update));
  if (!updateMode) throw new UsageError(`correx check: --update must be auto, always, new or no, found "${String(values.update)}"`);
  let isCI: boolean;
  try {
    isCI = Boolean(values.ci) || isCIEnvironment(process.env);
  } catch (error) {
    throw new UsageError(`correx check: ${(error as Error).message}`);
  }
  const budget = parseMaxUnsupportedFlag("check", String(values["max-unsupported"]));
  const timeoutMs = parseMillisecondsFlag("check", "timeout", String(values.timeout));
  const subjectOptions: CommandSubjectOptions = {
    startTimeoutMs: values["start-timeout"] === undefined ? undefined : parseMillisecondsFlag("check", "start-timeout", String(values["start-timeout"])),
    maxFailedStarts: parseCountFlag("check", "max-failed-starts", String(values["max-failed-starts"]), 1),
  };
  const targets = (list("reporter").length ? list("reporter") : ["pretty"]).map((spec) => {
    const [name, ...rest] = spec.split("=");
    if (!(reporters as readonly string[]).includes(name)) throw new UsageError(`correx check: unknown reporter "${name}"; known: ${reporters.join(", ")}`);
    return { name: name as (typeof reporters)[number], file: rest.length ? rest.join("=") : undefined };
  });
  if (targets.some((target) => target.name === "html" && !target.file)) throw new UsageError("correx check: the html reporter writes a folder: give it as html=DIR");
  if (targets.filter((target) => !target.file).length > 1) throw new UsageError("correx check: only one reporter may write to stdout; give the others =FILE");
  if (values["output-dir"]) {
    const given = String(values["output-dir"]);
    const problem = folderFlagProblem(given);
    if (problem !== null) throw new UsageError(`correx check: --output-dir ${escapeControl(given, true)} ${problem}: subjects save full outputs in it`);
  }

  const root = values.root ? resolve(String(values.root)) : packageRoot;
  const location: CorpusLocation = { casesRoot: `${root}/fixtures/cases`, goldenRoot: `${root}/golden` };
  const corpusProblem = emptyCorpusReason(location.casesRoot);
  if (corpusProblem)
    throw new UsageError(
      `correx check: ${corpusProblem}${values.root ? "" : " (the corpus bundled with correx; is the package complete?)"}; choose a corpus with --root DIR (DIR/fixtures/cases/<profile>/<area>/<case>.yaml, DIR/golden/)`,
    );
  const baselineFile = values.baseline === undefined ? undefined : String(values.baseline);
  let baseline: Set<string> | undefined;
  if (baselineFile) {
    baseline = parseBaseline(readTextFileAtMost(baselineFile, MAX_RECORD_BYTES, "baseline"), baselineFile);
  }
  const filter: CorpusFilter = {
    profiles: list("profile"),
    protocols: list("protocol"),
    stages: list("stage"),
    tags: list("tag"),
    caseGlobs: list("case"),
    shard,
  };
  if (values.list) {
    // the selection, one case id a line, without running anything (no subject is started)
    const cases = await loadCases(nodeGoldenPort, location, withSuggestions);
    const selected = filterCases(cases, filter);
    const reason = selected.length === 0 ? emptySelectionReason(cases, filter) : null;
    if (reason) throw new UsageError(`correx check: ${reason}`);
    io.out(selected.map((testCase) => `${testCase.id}${testCase.protocols.length ? `  (${testCase.protocols.join(", ")})` : ""}\n`).join(""));
    return 0;
  }
  const subjectSpec = String(values.subject);
  const plan = resolveCheckUpdate({
    mode: updateMode,
    modeGiven: args.some((arg) => arg === "--update" || arg.startsWith("--update=")),
    isCI,
    subjectIsReference: subjectSpec === "reference",
    pendingDir: values["pending-dir"] === undefined ? undefined : resolve(String(values["pending-dir"])),
    writeCorpusFromSubject: Boolean(values["write-corpus-from-subject"]),
  });
  if ("error" in plan) throw new UsageError(`correx check: ${plan.error}`);
  if (plan.pendingRoot !== undefined && (plan.pendingRoot === location.goldenRoot || plan.pendingRoot.startsWith(`${location.goldenRoot}/`) || plan.pendingRoot.startsWith(`${root}/fixtures/`))) {
    throw new UsageError(`correx check: --pending-dir must be outside the corpus (${plan.pendingRoot} is inside ${root})`);
  }
  if (plan.subjectWritesCorpus) {
    io.err(`correx check: WARNING: --write-corpus-from-subject: the output of ${subjectSpec} is written into ${location.goldenRoot} as the spec's expectations\n`);
  }
  let releaseLock = () => {};
  if (plan.behavior === "in-place") {
    try {
      releaseLock = acquireGoldenLock(location.goldenRoot, "correx check --update always");
    } catch (error) {
      if (GoldenLockHeldError.isInstance(error)) throw new UsageError(`correx check: ${error.message}`);
      throw error;
    }
  }
  const subject = await createSubject(subjectSpec, subjectOptions, Boolean(io.debug));
  const showProgress = Boolean(process.stderr.isTTY) && targets.some((target) => target.name === "pretty" && !target.file);
  // The saved full outputs of this run go to a folder of its own, removed at the end.
  const runOutput = values["output-dir"] ? null : createRunOutputDirectory();
  let run: CheckRun;
  try {
    // the in-process reference runs on every core (a module or command subject is one process)
    run = await (subjectSpec === "reference" ? runCheckInWorkers : runCheck)({
      port: nodeGoldenPort,
      location,
      filter,
      subject,
      update: plan.behavior,
      pendingRoot: plan.pendingRoot,
      noWriteReason: plan.noWriteReason,
      updatedBy: `updated by ${invokedAs}`,
      outputDir: runOutput?.path ?? String(values["output-dir"]),
      timeoutMs,
      baseline,
      keepPassingValues: targets.some((target) => target.name === "html"),
      explainIssue: withSuggestions,
      bail: Boolean(values.bail),
      onOutcome: showProgress
        ? (outcome, done, total) => io.err(`\r\u001b[2K[${done}/${total}] ${outcome.status.padEnd(11)} ${escapeControl(outcome.id, true)}`.slice(0, (process.stderr.columns ?? 100) + 8))
        : undefined,
    });
  } finally {
    if (showProgress) io.err("\r\u001b[2K");
    releaseLock();
    await subject.close();
    runOutput?.remove();
  }
  if (run.outcomes.length === 0 && isFiltered(filter)) {
    const reason = emptySelectionReason(await loadCases(nodeGoldenPort, location), filter);
    if (reason) throw new UsageError(`correx check: ${reason}`);
  }
  const metadata: RunMetadata = {
    correxVersion,
    subject: subject.name,
    profiles: Object.fromEntries(listProfiles().map((profile) => [profile.id, profile.version])),
    date: new Date().toISOString(),
    shard: values.shard === undefined ? undefined : String(values.shard),
    baseline: baselineFile,
    // narrowed by a filter flag (a shard is named by `shard`; merged shards are the whole selection)
    filtered: isFiltered({ ...filter, shard: undefined }),
    pendingDir: plan.pendingRoot,
    reviewCommand: reviewCommandFor(values.root === undefined ? undefined : root),
    maxUnsupported: renderUnsupportedBudget(budget),
  };
  for (const target of targets) {
    if (target.name === "html") {
      const outcomes = checkReportOutcomes(run.outcomes, {
        ...location,
        pendingRoot: plan.pendingRoot,
        noWriteReason: plan.noWriteReason,
        subject: subjectSpec,
        root: values.root === undefined ? undefined : String(values.root),
      });
      writeHtmlReport(target.file!, renderHtmlReport({ ...run, outcomes }, metadata));
      continue;
    }
    const text = renderTextReport(target.name, run, metadata, target.file ? undefined : paintFor(process.stdout));
    if (target.file) writeReportFile(target.file, text);
    else io.out(text);
  }
  if (process.env.GITHUB_ACTIONS === "true") io.out(renderGithubAnnotations(run, (id) => annotationPath(goldenPathOf(location, id))));
  if (run.outcomes.length === 0) {
    io.err("correx check: no case matched the filters\n");
    return 1;
  }
  const exitCode = exitCodeOf(run.summary, budget);
  if (exitCode === 3) io.err(overBudgetMessage("check", run.summary, budget, "cases"));
  return exitCode;
}

async function createSubject(spec: string, options: CommandSubjectOptions, stackTraces: boolean): Promise<Subject> {
  if (spec === "reference") return createReferenceSubject();
  if (spec.startsWith("module:")) return createModuleSubject(spec.slice("module:".length), { stackTraces });
  if (spec.startsWith("cmd:")) {
    const command = spec.slice("cmd:".length).trim();
    if (!command) throw new UsageError("correx check: --subject cmd: needs a command");
    // Checked before it is started: otherwise every case would be a CRASH.
    const missing = missingShellCommand(command);
    if (missing !== null) throw new UsageError(`correx check: --subject cmd: ${missing}`);
    return createCommandSubject(command, options);
  }
  throw new UsageError(`correx check: --subject must be reference, module:PATH or cmd:COMMAND, found "${spec}"`);
}

/** Why a cases folder holds no corpus (missing, not a folder, or no case file under it), or null when it has a case. */
function emptyCorpusReason(casesRoot: string): string | null {
  const hasCase = (dir: string): boolean => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // a link named as a case counts as one: loading it says what is wrong with it (a device, a loop)
      if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith(".yaml")) return true;
      if (entry.isDirectory() && hasCase(`${dir}/${entry.name}`)) return true;
    }
    return false;
  };
  try {
    return hasCase(casesRoot) ? null : `no case file (*.yaml) under ${casesRoot}`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? `${casesRoot} does not exist` : code === "ENOTDIR" ? `${casesRoot} is not a folder` : `cannot read ${casesRoot} (${code ?? String(error)})`;
  }
}
