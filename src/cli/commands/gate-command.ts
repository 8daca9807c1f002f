import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { correxVersion } from "../../adapter/correx-version.js";
import { type CaseOutcome, exitCodeOf, summarize } from "../../conformance/case-outcome.js";
import { renderGithubAnnotations } from "../../conformance/reporters/render-github-annotations.js";
import { renderJsonCaseLine, renderJsonSummaryLine } from "../../conformance/reporters/render-json-report.js";
import { renderTextReport } from "../../conformance/reporters/render-text-report.js";
import type { RunMetadata } from "../../conformance/reporters/run-metadata.js";
import { reviewCommandForGolden } from "../../conformance/review-command.js";
import type { CheckRun } from "../../conformance/run-check.js";
import { overBudgetMessage, renderUnsupportedBudget } from "../../conformance/unsupported-budget.js";
import { isCIEnvironment, parseUpdateMode, resolveUpdateBehavior } from "../../conformance/update-policy.js";
import { fakeModels } from "../../fake/fake-models.js";
import { isFakeProtocol } from "../../fake/fake-protocol.js";
import { applyGateGolden, gateGoldenPath, loadGateGolden } from "../../gate/gate-golden.js";
import { createGateJobSlots } from "../../gate/gate-job-slots.js";
import { runGate } from "../../gate/gate-run.js";
import { gateVersionWarning } from "../../gate/gate-version-warning.js";
import { nodeGoldenPort } from "../../golden/node-golden-port.js";
import { readTextFileAtMost } from "../../input/read-text-file.js";
import type { Protocol } from "../../lower/lowering-result.js";
import { removeFolder } from "../../process/remove-folder.js";
import { resolveRunUser } from "../../process/run-user.js";
import { findProfile, listProfiles } from "../../profiles/profile-registry.js";
import type { HtmlReportOutcome } from "../../report/html-report-outcome.js";
import { renderHtmlReport } from "../../report/render-html-report.js";
import { writeHtmlReport } from "../../report/write-html-report.js";
import { sandboxUnavailableReason } from "../../sandbox/sandbox-support.js";
import { loadScenario } from "../../scenario/load-scenario.js";
import type { Scenario } from "../../scenario/scenario.js";
import { escapeControl } from "../../text/escape-control.js";
import { annotationPath } from "../annotation-path.js";
import type { CommandIo } from "../command-io.js";
import { expandScenarioPaths } from "../expand-scenario-paths.js";
import { folderFlagProblem } from "../folder-flag-problem.js";
import { gateReportOutcome } from "../html-report-facts.js";
import { openJsonReportFile } from "../json-report-file.js";
import { parseCommandArgs, parseCountFlag, parseMaxUnsupportedFlag, parseMillisecondsFlag, parseShardFlag } from "../parse-command-args.js";
import { agentPathVariables, loopbackOnly } from "../reproduce-environment.js";
import { missingAgentProgram, missingScript, resolveAgentCommand } from "../resolve-agent-command.js";
import { withSuggestions } from "../schema-suggestions.js";
import { paintFor } from "../terminal-colour.js";
import { speaks, unknownProfileError, unspokenProtocolError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";
import { writeReportFile } from "../write-report-file.js";

/** The per-scenario deadline when --timeout is not given. */
const DEFAULT_GATE_TIMEOUT_MS = 120000;

export const gateHelp = `usage: correx gate --profile P --protocol X --scenario FILE… [options] -- CMD…

Runs an agent (CMD, any language, as a black box) once per scenario against the fake provider on
127.0.0.1, and checks every tool result it sends against what profile P sends for the same call
and observation (or, with --against golden, against goldens recorded from an earlier run).
Each scenario gets a fresh workspace; CMD runs there with PWD set and these in its environment:
CORREX_BASE_URL, CORREX_MODEL, CORREX_WORKSPACE, CORREX_PROMPT, CORREX_PROTOCOL, CORREX_RUN_DIR,
CORREX_CONFIG (the rendered template). CMD's arguments may hold the same {{placeholders}}.
A scenario's \`agent\` adds its env (named in CORREX_AGENT_ENV) and appends its args to CMD.
CMD's relative paths are from where correx was started: an argument that names an existing file
there (the program only when it holds a /) is passed as its absolute path; the rest untouched.

  --profile P              one of (npx correx profiles lists their tools and versions):
${listProfiles()
  .map((profile) => {
    const only = profile.protocols.length === 1 ? `${profile.protocols[0]} only` : "";
    const model = profile.agent.driver?.model === undefined ? "" : `--model ${profile.agent.driver.model}`;
    const notes = [only, model].filter(Boolean).join("; ");
    return `                             ${profile.id}${notes ? ` (${notes})` : ""}`;
  })
  .join("\n")}
  --protocol X             openai-chat | anthropic-messages | google-gemini | openai-responses (repeatable)
  --scenario PATH          a scenario file, a folder of them, or a quoted glob ('fixtures/scenarios/bash-*.yaml',
                           ** for any depth); repeatable
  --shard i/n              run the i-th of n deterministic shards of the scenario runs (protocol × scenario, in
                           report order); npx correx merge-reports joins the shards' json reports into one report
  --jobs N                 run N scenarios at once (across protocols too), each with its own fake server,
                           port, workspace and agent process (default 1); the report keeps the order of
                           protocols and scenarios
  --config-template FILE   rendered per scenario: {{baseURL}} {{model}} {{workspace}} {{prompt}} {{runDir}}
  --model ID               the model id the agent is configured with (default per protocol)
  --modalities LIST        opencode-cli: the model's input modalities besides text as the agent's config declares
                           them (comma-separated: image,audio,video,pdf; default: what the rendered
                           --config-template declares for the model, else all)
  --timeout MS             per-scenario deadline; the agent's process group is killed (default 120000)
  --against golden         compare with goldens under --golden-dir instead of the profile
  --golden-dir DIR         golden files <DIR>/<scenario>/<protocol>.yaml (review: npx correx golden review --root R, for DIR = R/golden or a folder under it)
  --update MODE            auto (default) | always | new | no   (nothing is written under CI)
  --ci                     behave as under CI
  --reporter R             pretty|json|junit|tap, optionally =FILE (repeatable); html=DIR writes the HTML report
  --work-dir DIR           where run directories go, each removed when its scenario is done (default: a
                           new temp dir, removed at the end)
  --keep                   keep the run directories (workspaces, agent config, outputs) for inspection
  --sandbox                run each agent in a sandbox of its own: PID, mount and network namespaces (only
                           loopback, where the fake is bridged in), an overlay with only its run directory
                           writable; nothing it starts outlives it, and what it writes elsewhere stays in
                           the sandbox and is reported (needs root)
  --unconfined-replay      replay the scripted calls on this machine with correx's rights instead of in
                           correx's sandbox (mount, PID and network namespaces over an overlay); only
                           where the sandbox cannot be made, for scenarios and agents you trust
  --max-unsupported N|P%   how many tool results may be unsupported (a count, or a share of the run)
                           before the run is not good (default 0)
exit codes: 0 every tool result conforms; 1 a difference, crash or timeout; 2 usage or input error;
3 nothing failed, but more tool results were unsupported than --max-unsupported allows`;

const reporters = ["pretty", "json", "junit", "tap", "html"] as const;

/** The largest --config-template read (README "Limits"). */
export const MAX_TEMPLATE_BYTES = 1024 * 1024;

/** `correx gate`: see gateHelp. */
export async function gateCommand(args: string[], io: CommandIo): Promise<number> {
  const split = args.indexOf("--");
  const own = split === -1 ? args : args.slice(0, split);
  const command = split === -1 ? [] : args.slice(split + 1);
  const { values, positionals } = parseCommandArgs("gate", own, {
    profile: { type: "string" },
    protocol: { type: "string", multiple: true },
    scenario: { type: "string", multiple: true },
    "config-template": { type: "string" },
    modalities: { type: "string" },
    keep: { type: "boolean" },
    model: { type: "string" },
    timeout: { type: "string", default: String(DEFAULT_GATE_TIMEOUT_MS) },
    against: { type: "string", default: "profile" },
    "golden-dir": { type: "string" },
    update: { type: "string", default: "auto" },
    ci: { type: "boolean", default: false },
    reporter: { type: "string", multiple: true },
    "work-dir": { type: "string" },
    jobs: { type: "string", default: "1" },
    "unconfined-replay": { type: "boolean", default: false },
    sandbox: { type: "boolean", default: false },
    "max-unsupported": { type: "string", default: "0" },
    shard: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(gateHelp + "\n");
    return 0;
  }
  if (positionals.length > 0) {
    const hint = positionals[0]!.endsWith(".yaml") ? "; a glob for --scenario must be quoted so the shell leaves it: --scenario 'fixtures/scenarios/*.yaml'" : "";
    throw new UsageError(`correx gate: unexpected argument "${positionals[0]}" (the agent command goes after --${hint})`);
  }
  if (command.length === 0) throw new UsageError("correx gate: no agent command; give it after --");
  if (values.profile === undefined)
    throw new UsageError(
      `correx gate: --profile is required; one of ${listProfiles()
        .map((known) => known.id)
        .join(", ")}`,
    );
  const profile = findProfile(String(values.profile));
  if (!profile) throw unknownProfileError("gate", String(values.profile));
  const protocols = (values.protocol as string[] | undefined) ?? [];
  if (protocols.length === 0) throw new UsageError("correx gate: --protocol is required");
  for (const protocol of protocols) {
    if (!isFakeProtocol(protocol)) throw new UsageError(`correx gate: unknown --protocol "${protocol}"; ${profile.id} speaks ${profile.protocols.join(", ")}`);
    // Refused before the agent runs: every result of such a run could only be unsupported.
    if (!speaks(profile, protocol)) throw unspokenProtocolError("gate", [profile], protocol, ` (npx correx profiles ${profile.id})`);
  }
  const scenarioValues = (values.scenario as string[] | undefined) ?? [];
  if (scenarioValues.length === 0) throw new UsageError("correx gate: give at least one --scenario FILE");
  const scenarioFiles = expandScenarioPaths(scenarioValues);
  const jobs = parseCountFlag("gate", "jobs", String(values.jobs), 1);
  const shard = values.shard === undefined ? undefined : parseShardFlag("gate", String(values.shard));
  const timeoutMs = parseMillisecondsFlag("gate", "timeout", String(values.timeout));
  const budget = parseMaxUnsupportedFlag("gate", String(values["max-unsupported"]));
  const against = String(values.against);
  if (against !== "profile" && against !== "golden") throw new UsageError(`correx gate: --against must be profile or golden, found "${against}"`);
  if (against === "golden" && values["golden-dir"] === undefined) throw new UsageError("correx gate: --against golden needs --golden-dir DIR");
  const updateMode = parseUpdateMode(String(values.update));
  if (!updateMode) throw new UsageError(`correx gate: --update must be auto, always, new or no, found "${String(values.update)}"`);
  let isCI: boolean;
  try {
    isCI = Boolean(values.ci) || isCIEnvironment(process.env);
  } catch (error) {
    throw new UsageError(`correx gate: ${(error as Error).message}`);
  }
  const targets = ((values.reporter as string[] | undefined) ?? ["pretty"]).map((spec) => {
    const [name, ...rest] = spec.split("=");
    if (!(reporters as readonly string[]).includes(name)) throw new UsageError(`correx gate: unknown reporter "${name}"; known: ${reporters.join(", ")}`);
    return { name: name as (typeof reporters)[number], file: rest.length ? rest.join("=") : undefined };
  });
  if (targets.some((target) => target.name === "html" && !target.file)) throw new UsageError("correx gate: the html reporter writes a folder: give it as html=DIR");
  if (targets.filter((target) => !target.file).length > 1) throw new UsageError("correx gate: only one reporter may write to stdout; give the others =FILE");
  if (values["work-dir"] !== undefined) {
    const given = String(values["work-dir"]);
    const problem = folderFlagProblem(given);
    if (problem !== null) throw new UsageError(`correx gate: --work-dir ${escapeControl(given, true)} ${problem}: run directories go in it`);
  }

  const replay = values["unconfined-replay"] === true ? "unconfined" : "sandbox";
  // The sandbox probe (a sandbox made and ended, about 0.1 s) runs while the scenarios load; its
  // answer still comes first, and a scenario's error waits for the probe to end (it leaves nothing).
  const probe = values.sandbox === true || (replay === "sandbox" && against === "profile") ? sandboxUnavailableReason() : Promise.resolve(null);
  const refuseWithoutSandbox = async () => {
    const reason = await probe;
    if (reason !== null) {
      throw new UsageError(
        values.sandbox === true
          ? `correx gate: --sandbox needs mount, PID and network namespaces over an overlay, which cannot be made here: ${reason}; run as root`
          : `correx gate: the scripted calls are replayed in a sandbox (mount, PID and network namespaces over an overlay), which cannot be made here: ${reason}; run as root, or accept an unconfined replay with --unconfined-replay`,
      );
    }
  };
  const scenarios: Scenario[] = [];
  try {
    for (const file of scenarioFiles) {
      const scenario = await loadScenario(file, withSuggestions);
      // A user to run the agent as must exist, and correx must be root: said before anything runs (exit 2).
      if (scenario.agent?.user !== undefined) resolveRunUser(scenario.agent.user, file);
      scenarios.push(scenario);
    }
  } catch (error) {
    await refuseWithoutSandbox();
    throw error;
  }
  await refuseWithoutSandbox();
  // A shard takes the scenario runs (protocol × scenario, in report order) at positions ≡ i−1 mod n.
  const shardScenarios = (protocolIndex: number) => (shard ? scenarios.filter((_scenario, index) => (protocolIndex * scenarios.length + index) % shard.count === shard.index - 1) : scenarios);
  if (shard && protocols.every((_protocol, index) => shardScenarios(index).length === 0)) {
    throw new UsageError(`correx gate: --shard ${shard.index}/${shard.count} is empty: the run has ${protocols.length * scenarios.length} scenario run(s) (protocols × scenarios)`);
  }
  let configTemplate: { text: string; name: string } | undefined;
  if (values["config-template"] !== undefined) {
    const file = String(values["config-template"]);
    // A template is a config file: 1 MiB is far above any, and the read stops there.
    const text = readTextFileAtMost(file, MAX_TEMPLATE_BYTES, "--config-template");
    configTemplate = { text, name: basename(file).replace(/\.template$/, "") };
  }
  const agentCommand = resolveAgentCommand(command);
  const missing = missingAgentProgram(agentCommand);
  if (missing !== null) throw new UsageError(`correx gate: ${missing}`);
  const script = missingScript(agentCommand);
  if (script !== null) throw new UsageError(`correx gate: agent script not found: ${script}`);
  const ownWorkRoot = values["work-dir"] === undefined;
  const givenWorkRoot = ownWorkRoot ? mkdtempSync(join(tmpdir(), "correx-gate-")) : resolve(String(values["work-dir"]));
  try {
    mkdirSync(givenWorkRoot, { recursive: true });
  } catch (error) {
    throw new UsageError(`correx gate: --work-dir ${escapeControl(String(values["work-dir"]), true)} cannot be made (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  // Its real path: an agent reports paths with links resolved (Codex's cwd), so a work dir reached
  // through a symlink (a worktree's linked node_modules) would show other paths than the replay's.
  const workRoot = realpathSync(givenWorkRoot);
  // Also at exit: on SIGINT/SIGTERM/SIGHUP with an agent running, correx ends through process.exit
  // (src/process/process-tree.ts), which skips the finally below.
  const removeWorkRoot = () => removeFolder(workRoot);
  if (ownWorkRoot && values.keep !== true) process.on("exit", removeWorkRoot);
  try {
    const goldenDir = values["golden-dir"] === undefined ? undefined : resolve(String(values["golden-dir"]));
    const update = resolveUpdateBehavior(updateMode, isCI);

    // The options a reproducing command repeats (everything but --scenario, --protocol, --jobs and reporters).
    const gateArgs = [
      "--profile",
      profile.id,
      ...(values.model === undefined ? [] : ["--model", String(values.model)]),
      ...(values["config-template"] === undefined ? [] : ["--config-template", String(values["config-template"])]),
      ...(values.modalities === undefined ? [] : ["--modalities", String(values.modalities)]),
      ...(against === "golden" ? ["--against", "golden", "--golden-dir", String(values["golden-dir"])] : []),
      ...(timeoutMs === DEFAULT_GATE_TIMEOUT_MS ? [] : ["--timeout", String(timeoutMs)]),
      ...(ownWorkRoot ? [] : ["--work-dir", workRoot]),
      ...(values.sandbox === true ? ["--sandbox"] : []),
      ...(replay === "unconfined" ? ["--unconfined-replay"] : []),
    ];
    const reproduceFacts = { variables: agentPathVariables(command, process.env), loopbackOnly: loopbackOnly() };
    const started = performance.now();
    // The protocols run at once, sharing --jobs slots; each one's progress lines wait until the protocols before it have printed all of theirs.
    const slots = createGateJobSlots(jobs);
    // Each scenario's json case lines are written as soon as it is known: appended to a json
    // report file at once; on stdout, in report order with the progress lines.
    const jsonFiles = new Map(targets.filter((target) => target.name === "json" && target.file).map((target) => [target, openJsonReportFile(target.file!)]));
    const jsonOnStdout = targets.some((target) => target.name === "json" && !target.file);
    const lines: { out: boolean; text: string }[][] = protocols.map(() => []);
    const complete = protocols.map(() => false);
    let printed = 0;
    // The agent's version is read from the first scenario that reached the provider; one warning at most.
    let versionRead = false;
    // On a terminal, a live line names the scenarios running and for how long (an agent can take
    // tens of seconds a scenario); it is cleared before each result line and at the end.
    const live = process.stderr.isTTY ? createLiveLine(io) : null;
    const flush = () => {
      while (printed < protocols.length) {
        for (const line of lines[printed]!.splice(0)) {
          if (line.out) io.out(line.text);
          else if (live) live.print(line.text);
          else io.err(line.text);
        }
        if (!complete[printed]) return;
        printed++;
      }
    };
    const perProtocol = await Promise.all(
      (protocols as Protocol[]).map(async (protocol, protocolIndex) => {
        const reportOutcomes: HtmlReportOutcome[] = [];
        const run = await runGate({
          profile,
          protocol,
          scenarios: shardScenarios(protocolIndex),
          command: agentCommand,
          configTemplate,
          ...(values.modalities === undefined
            ? {}
            : {
                modalities: String(values.modalities)
                  .split(",")
                  .filter((modality) => modality !== ""),
              }),
          slots,
          model: values.model === undefined ? fakeModels[protocol] : String(values.model),
          workRoot,
          keepRunDirectories: values.keep === true,
          timeoutMs,
          replay,
          sandbox: values.sandbox === true,
          goldenOf: against === "golden" ? (scenario) => loadGateGolden(nodeGoldenPort, gateGoldenPath(goldenDir!, scenario.name, protocol)) : undefined,
          onStart: (scenario) => live?.start(`${scenario.name} × ${protocol}`),
          onScenario: (scenario, scenarioRun) => {
            live?.end(`${scenario.name} × ${protocol}`);
            const outcomes =
              against === "golden"
                ? applyGateGolden(nodeGoldenPort, { path: gateGoldenPath(goldenDir!, scenario.name, protocol), scenario, protocol, profile: profile.id, run: scenarioRun, update })
                : scenarioRun.outcomes;
            const passed = outcomes.filter((outcome) => outcome.status === "pass").length;
            const agent =
              scenarioRun.exit.status === "timeout" ? "timed out" : scenarioRun.exit.status === "spawn-error" ? "did not start" : `exit ${scenarioRun.exit.signal ?? scenarioRun.exit.code}`;
            const scenarioFile = scenarioFiles[scenarios.indexOf(scenario)] ?? scenario.name;
            const scenarioReport = outcomes.map((outcome) =>
              gateReportOutcome(outcome, {
                scenarioFile,
                goldenFile: against === "golden" ? gateGoldenPath(goldenDir!, scenario.name, protocol) : undefined,
                gateArgs,
                protocol,
                command,
                ...reproduceFacts,
              }),
            );
            reportOutcomes.push(...scenarioReport);
            const caseLines = scenarioReport.map(renderJsonCaseLine);
            for (const file of jsonFiles.values()) file.append(caseLines);
            lines[protocolIndex]!.push({
              out: false,
              text: `correx gate: ${scenario.name} × ${protocol}: ${passed}/${outcomes.length} tool results conform (agent ${agent}, ${scenarioRun.requests} requests, ${(scenarioRun.exit.durationMs / 1000).toFixed(1)} s)\n`,
            });
            if (scenarioRun.outsideWrites.length > 0) {
              lines[protocolIndex]!.push({
                out: false,
                text: `correx gate: warning: ${scenario.name} × ${protocol}: the agent created or changed files outside its workspace: ${escapeControl(scenarioRun.outsideWrites.map((path) => (path.startsWith("/") ? path : `${path} (in its run directory)`)).join(", "), true)}\n`,
              });
            }
            if (scenarioRun.replayOutsideWrites.length > 0) {
              lines[protocolIndex]!.push({
                out: false,
                text: `correx gate: note: ${scenario.name} × ${protocol}: the replay of the scripted calls wrote outside the run directory, in its sandbox only (nothing on this machine): ${escapeControl(scenarioRun.replayOutsideWrites.join(", "), true)}\n`,
              });
            }
            if (jsonOnStdout && caseLines.length > 0) lines[protocolIndex]!.push({ out: true, text: caseLines.map((line) => `${line}\n`).join("") });
            if (!versionRead && scenarioRun.agentHeaders !== undefined) {
              versionRead = true;
              const warning = gateVersionWarning(profile, scenarioRun.agentHeaders);
              if (warning !== null) lines[protocolIndex]!.push({ out: false, text: `correx gate: warning: ${warning}\n` });
            }
            flush();
            return outcomes;
          },
        });
        complete[protocolIndex] = true;
        flush();
        return { outcomes: run.outcomes, reportOutcomes };
      }),
    );
    live?.stop();
    const outcomes: CaseOutcome[] = perProtocol.flatMap((each) => each.outcomes);
    const reportOutcomes: HtmlReportOutcome[] = perProtocol.flatMap((each) => each.reportOutcomes);
    const summary = summarize(outcomes, performance.now() - started);
    // Against goldens, the tool results of one scenario × protocol share one golden file: count the files written, not the results.
    summary.pending = new Set(outcomes.filter((outcome) => outcome.golden === "pending").map((outcome) => outcome.id.split("/").slice(0, 2).join("/"))).size;
    const run: CheckRun = { outcomes, summary, allCaseIds: outcomes.map((outcome) => outcome.id) };
    const metadata: RunMetadata = {
      correxVersion,
      subject: `gate: ${command.join(" ")}${against === "golden" ? " (against golden)" : ""}`,
      profiles: { [profile.id]: profile.version },
      date: new Date().toISOString(),
      filtered: false,
      maxUnsupported: renderUnsupportedBudget(budget),
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
      ...(goldenDir === undefined ? {} : { reviewCommand: gateReviewCommand(goldenDir) }),
    };
    for (const target of targets) {
      if (target.name === "html") {
        writeHtmlReport(target.file!, renderHtmlReport({ ...run, outcomes: reportOutcomes }, metadata));
        continue;
      }
      if (target.name === "json" && !target.file) {
        io.out(`${renderJsonSummaryLine(run.summary, metadata)}\n`); // its case lines are out already
        continue;
      }
      // the json report carries each outcome's report facts (scenario file, reproducing command) for correx merge-reports
      const text = renderTextReport(target.name, target.name === "json" ? { ...run, outcomes: reportOutcomes } : run, metadata, target.file ? undefined : paintFor(process.stdout));
      const jsonFile = jsonFiles.get(target);
      if (jsonFile) jsonFile.finish(text);
      else if (target.file) writeReportFile(target.file, text);
      else io.out(text);
    }
    if (process.env.GITHUB_ACTIONS === "true") {
      // an annotation per failing tool result, on the scenario file that scripts it
      const fileOf = new Map(reportOutcomes.map((outcome) => [outcome.id, outcome.caseFile ?? outcome.id]));
      io.out(renderGithubAnnotations(run, (id) => annotationPath(fileOf.get(id) ?? id)));
    }
    if (run.summary.total === 0) {
      // No tool result at all (the scenarios call no tool): nothing was checked, so the run cannot pass.
      io.err(`correx gate: no tool result was judged (the scenarios' turns call no tool), so the run is not good (exit 3); script at least one call\n`);
      return 3;
    }
    const exitCode = exitCodeOf(run.summary, budget);
    if (exitCode === 3) io.err(overBudgetMessage("gate", run.summary, budget, "tool results"));
    return exitCode;
  } finally {
    if (values.keep === true) io.err(`correx gate: run directories kept in ${workRoot}\n`);
    else if (ownWorkRoot) {
      process.off("exit", removeWorkRoot);
      removeWorkRoot();
    }
  }
}

/** The review command for gate goldens under `goldenDir`, or what to do when no --root reaches them. */
function gateReviewCommand(goldenDir: string): string {
  return reviewCommandForGolden(goldenDir) ?? `npx correx golden review only looks under <root>/golden/: put --golden-dir ${goldenDir} under a folder named golden`;
}

/** The terminal's live progress line for `correx gate`: the running scenarios and their time, redrawn every second. */
function createLiveLine(io: CommandIo) {
  const running = new Map<string, number>();
  const clear = "\r\u001b[2K";
  const draw = () => {
    if (running.size === 0) return io.err(clear);
    const now = performance.now();
    const names = [...running].map(([name, started]) => `${name} ${Math.floor((now - started) / 1000)} s`).join(", ");
    io.err(`${clear}running: ${names}`.slice(0, (process.stderr.columns || 100) + clear.length - 1));
  };
  const timer = setInterval(draw, 1000);
  timer.unref();
  return {
    start(name: string) {
      running.set(name, performance.now());
      draw();
    },
    end(name: string) {
      running.delete(name);
    },
    /** A result line, printed above the live line. */
    print(line: string) {
      io.err(clear + line);
      draw();
    },
    stop() {
      clearInterval(timer);
      io.err(clear);
    },
  };
}
