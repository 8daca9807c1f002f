import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { CaseOutcome, CaseStatus } from "../conformance/case-outcome.js";
import { createNodeEnvironment, stringEnv } from "../environment/node-environment.js";
import { createFakeProvider } from "../fake/create-fake-provider.js";
import { fakeTurnAt, fakeTurnCallIds } from "../fake/fake-turn.js";
import { startFakeHttpServer } from "../fake/start-fake-http-server.js";
import { redactValue, standardRedactions } from "../golden/redact.js";
import type { Protocol } from "../lower/lowering-result.js";
import { createOutputStore } from "../output-store/output-store-node.js";
import { socketPeerEnvironment } from "../process/socket-peer-environment.js";
import { type Profile, UnsupportedError } from "../profiles/profile.js";
import type { Scenario } from "../scenario/scenario.js";
import { writeScenarioWorkspace } from "../scenario/write-scenario-workspace.js";
import { type AgentExit, runAgentProcess } from "./gate-agent-process.js";
import { compareGateFragments, type GateComparable } from "./gate-compare.js";
import { labelConsequences } from "./gate-consequences.js";
import { expectedTurnFragments, type GateCall } from "./gate-expected.js";
import { extractGateFragments, type GateFragment, gateFragmentText } from "./gate-fragments.js";
import { agentOutputDirectory, mirrorOutputDirectory } from "./gate-output-directory.js";
import { outsideWrites, watchOutsideWrites } from "./gate-outside-writes.js";
import { renderGateTemplate } from "./gate-render-template.js";

/** What the expected side of a comparison is: the profile, or goldens of an earlier run. */
export interface GateExpectation {
  /** The expected fragments by call id, or null to compute them with the profile. */
  golden: Record<string, GateComparable> | null;
}

export interface GateScenarioOptions {
  profile: Profile;
  protocol: Protocol;
  scenario: Scenario;
  /** The agent command (placeholders filled per scenario). */
  command: readonly string[];
  /** The config template's text and the file name it is written as, if any. */
  configTemplate?: { text: string; name: string };
  model: string;
  /** A fresh directory for this scenario's run (workspace, config, reference output). */
  runDirectory: string;
  timeoutMs: number;
  /** opencode-cli: the model's input modalities. */
  modalities?: readonly string[];
  /** Expected fragments from goldens instead of the profile. */
  golden?: Record<string, GateComparable> | null;
  /** Extra environment for the agent. */
  env?: NodeJS.ProcessEnv;
}

/** One scenario's run: the outcomes (one per tool call), the fragments captured, the agent's exit. */
export interface GateScenarioRun {
  outcomes: CaseOutcome[];
  /** The redacted fragments the agent sent, by call id (what `--against golden` records). */
  actual: Record<string, GateComparable>;
  exit: AgentExit;
  /** Provider requests the agent sent. */
  requests: number;
  /** Files the agent created or changed outside its workspace that the gate could see (relative to the run directory). */
  outsideWrites: string[];
  /** The headers of the agent's first provider request (its version is read from them). */
  agentHeaders?: Readonly<Record<string, string>>;
}

/** One call of the script, with its resolved id, tool and arguments. */
interface ScriptedCall {
  turn: number;
  ordinal: number;
  id: string;
  tool: string;
  input: unknown;
}

/**
 * Runs one scenario against an agent: a fresh workspace, the fake provider on 127.0.0.1, the
 * rendered config, the agent command (killed with its process group at the deadline); then the
 * tool results it sent are read out of its requests and each is compared, after redaction, with
 * what the profile sends for the same call and observation (the workspace is laid anew at the same
 * path and the script's calls replayed on it), or with a golden.
 */
export async function runGateScenario(options: GateScenarioOptions): Promise<GateScenarioRun> {
  const { scenario, protocol, profile } = options;
  const workspace = join(options.runDirectory, "workspace");
  mkdirSync(options.runDirectory, { recursive: true });
  await writeScenarioWorkspace(scenario, workspace);
  const provider = await createFakeProvider({ protocol, scenario, profile: profile.id, workspace });
  // The environment the agent process really has (its tool commands inherit it), read from the
  // process on the other end of its first connection; the driver's own environment otherwise.
  let agentEnvironment: Record<string, string> | undefined;
  const server = await startFakeHttpServer(provider, {
    onConnection: (remotePort) => {
      agentEnvironment ??= socketPeerEnvironment(remotePort);
    },
  });
  try {
    const values: Record<string, string> = {
      baseURL: server.url,
      origin: server.url,
      model: options.model,
      workspace,
      prompt: scenario.prompt,
      runDir: options.runDirectory,
      scenario: scenario.name,
      protocol,
    };
    if (options.configTemplate) {
      // Not beside the workspace: agents look for project config files in the workspace's parents.
      mkdirSync(join(options.runDirectory, "agent-config"), { recursive: true });
      const configPath = join(options.runDirectory, "agent-config", basename(options.configTemplate.name));
      writeFileSync(configPath, renderGateTemplate(options.configTemplate.text, values));
      values.config = configPath;
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      PWD: workspace,
      CORREX_BASE_URL: server.url,
      CORREX_MODEL: options.model,
      CORREX_WORKSPACE: workspace,
      CORREX_PROMPT: scenario.prompt,
      CORREX_RUN_DIR: options.runDirectory,
      CORREX_PROTOCOL: protocol,
      ...(values.config ? { CORREX_CONFIG: values.config } : {}),
    };
    const command = options.command.map((arg) => renderGateTemplate(arg, values));
    const watch = watchOutsideWrites(options.runDirectory);
    const exit = await runAgentProcess(command, { cwd: workspace, env, timeoutMs: options.timeoutMs });
    const outside = outsideWrites(watch);

    const script = scriptedCalls(scenario, protocol, profile, server.url, workspace);
    const captured = firstFragments(
      protocol,
      provider.requests.filter((request) => request.kind === "provider" && request.violation === null && request.subagent !== true).map((request) => request.body),
    );
    // The reference saves full outputs where the agent did (same marker length: v2 budgets by it).
    const agentOutput = agentOutputDirectory([...captured.byId.values(), ...captured.byOrdinal.values()].map((fragment) => fragment.value));
    const referenceOutput = mirrorOutputDirectory(agentOutput, options.runDirectory);
    const rules = [...standardRedactions(referenceOutput, workspace), ...(profile.redactions ?? [])];
    const rawOf = (call: ScriptedCall): GateComparable | undefined => {
      const fragment = protocol === "google-gemini" ? captured.byOrdinal.get(call.ordinal) : captured.byId.get(call.id);
      if (!fragment) return undefined;
      const comparable = { result: fragment.value, after: fragment.after };
      return profile.afterNotes ? profile.afterNotes(comparable) : comparable;
    };
    const actualOf = (call: ScriptedCall): GateComparable | undefined => {
      const raw = rawOf(call);
      return raw ? (redactValue(raw, rules) as GateComparable) : undefined;
    };
    // An agent that timed out or crashed: its unanswered calls after the last answered one are not
    // replayed (their outcome is timeout/crash whatever the profile says; a hung command would hang the replay too).
    const lastAnswered = script.findLastIndex((call) => rawOf(call) !== undefined);
    const replayed = exit.status === "exited" && exit.code === 0 ? script : script.slice(0, lastAnswered + 1);
    const { expected, verdicts, mutating } = options.golden
      ? { expected: options.golden, verdicts: new Map<string, CallVerdict>(), mutating: new Set<string>() }
      : await replayExpected(options, replayed, rawOf, workspace, referenceOutput, agentEnvironment ?? stringEnv(env));
    const actual: Record<string, GateComparable> = {};
    const outcomes: CaseOutcome[] = [];
    const judged = script.map((call) => {
      const got = actualOf(call);
      if (got) actual[call.id] = got;
      const verdict = verdicts.get(call.id);
      if (verdict === undefined) return { id: call.id, outcome: callOutcome(options, call, expected[call.id], got, exit), mutated: mutating.has(call.id), effectsKnown: true };
      const why =
        verdict.kind === "internal" ? `internal error in correx while handling this call (not the agent's fault): ${verdict.message}` : `the profile does not model this result: ${verdict.message}`;
      return {
        id: call.id,
        outcome: { ...outcome(options, `${scenario.name}/${protocol}/${call.id}`, call.tool, "unsupported", why), ...(got ? { actual: got } : {}) },
        mutated: true,
        effectsKnown: verdict.effectsApplied,
      };
    });
    outcomes.push(...labelConsequences(judged));
    if (provider.violations.length > 0) {
      outcomes.push(
        outcome(
          options,
          `${scenario.name}/${protocol}/requests`,
          "wire",
          "fail",
          `${provider.violations.length} request(s) broke schemas/wire/${protocol}.json; first: request ${provider.violations[0].seq}: ${provider.violations[0].message}`,
        ),
      );
    }
    const agentHeaders = provider.requests.find((request) => request.kind === "provider")?.headers;
    return { outcomes, actual, exit, requests: provider.requests.filter((request) => request.kind === "provider").length, outsideWrites: outside, agentHeaders };
  } finally {
    await server.close();
  }
}

/** Every scripted call in order, with the arguments the fake sent for this profile. */
function scriptedCalls(scenario: Scenario, protocol: Protocol, profile: Profile, origin: string, workspace: string): ScriptedCall[] {
  const ids = fakeTurnCallIds(scenario, protocol);
  const calls: ScriptedCall[] = [];
  scenario.turns.forEach((_turn, index) => {
    const turn = fakeTurnAt(scenario, index, protocol, profile.id, { origin, workspace });
    turn.calls.forEach((call, callIndex) => {
      // A freeform call's input is its raw text (codex-cli's apply_patch).
      const input = call.custom ? call.arguments : (JSON.parse(call.arguments) as unknown);
      calls.push({ turn: index, ordinal: calls.length, id: ids[index]![callIndex]!, tool: call.name, input });
    });
  });
  return calls;
}

/** The first occurrence of each tool result across the agent's requests, by call id and by position. */
function firstFragments(protocol: Protocol, bodies: unknown[]): { byId: Map<string, GateFragment>; byOrdinal: Map<number, GateFragment> } {
  const byId = new Map<string, GateFragment>();
  const byOrdinal = new Map<number, GateFragment>();
  for (const body of bodies) {
    for (const fragment of extractGateFragments(protocol, body)) {
      if (fragment.callId !== null && !byId.has(fragment.callId)) byId.set(fragment.callId, fragment);
      if (!byOrdinal.has(fragment.ordinal)) byOrdinal.set(fragment.ordinal, fragment);
    }
  }
  return { byId, byOrdinal };
}

/** Why the profile has no expected fragment for a call: a rule it does not model, or a failure inside correx. */
interface CallVerdict {
  kind: "unsupported" | "internal";
  message: string;
  /** The call ran through the profile (its effects happened) and only formatting or lowering failed. */
  effectsApplied: boolean;
}

/**
 * The profile's fragments for every scripted call: the workspace is laid anew at the same path,
 * each call is run through the profile (its rules decide every effect; the environment records
 * facts), formatted, and each turn lowered. A call the profile does not model, or one on which
 * correx itself fails, gets a verdict of its own; the other calls of its turn are still lowered.
 */
async function replayExpected(
  options: GateScenarioOptions,
  script: ScriptedCall[],
  rawOf: (call: ScriptedCall) => GateComparable | undefined,
  workspace: string,
  referenceOutput: string,
  agentEnv: Record<string, string>,
): Promise<{ expected: Record<string, GateComparable>; verdicts: Map<string, CallVerdict>; mutating: Set<string> }> {
  const { profile, protocol, scenario } = options;
  rmSync(workspace, { recursive: true, force: true });
  await writeScenarioWorkspace(scenario, workspace);
  const store = createOutputStore(referenceOutput);
  const rules = [...standardRedactions(referenceOutput, workspace), ...(profile.redactions ?? [])];
  // Calls that wrote a file or ran a command: the facts the environment recorded while they ran.
  const mutating = new Set<string>();
  let running = "";
  const environment = createNodeEnvironment({ workspace, agentEnv, record: (fact) => (fact.kind === "file-written" || fact.kind === "command-ran" ? mutating.add(running) : undefined) });
  const formatOptions = { model: options.model, cwd: workspace, outputDir: referenceOutput };
  const expected: Record<string, GateComparable> = {};
  const verdicts = new Map<string, CallVerdict>();
  const turns = [...new Set(script.map((call) => call.turn))];
  for (const turn of turns) {
    const calls = script.filter((call) => call.turn === turn);
    const ready: GateCall[] = [];
    let interrupt: { id: string; rule: string } | undefined;
    for (const call of calls) {
      running = call.id;
      let observed = false;
      try {
        let observation = await profile.observe({ tool: call.tool, input: call.input }, environment);
        observed = true;
        const agent = rawOf(call);
        if (agent && profile.adoptAgentOrder) observation = profile.adoptAgentOrder({ tool: call.tool, input: call.input }, observation, gateFragmentText(protocol, agent.result));
        const result = profile.format({ tool: call.tool, input: call.input, observation, options: formatOptions }, store);
        ready.push({ id: call.id, tool: call.tool, input: call.input, observation, result });
        const rule = profile.interruptsTurn?.({ tool: call.tool, input: call.input }, observation);
        if (rule !== undefined && interrupt === undefined) interrupt = { id: call.id, rule };
      } catch (error) {
        verdicts.set(call.id, verdictOf(error, observed));
      }
    }
    if (interrupt !== undefined) {
      // The turn's other calls may or may not have finished before the interruption: unsupported, naming the rule.
      for (const call of calls) {
        if (call.id === interrupt.id || verdicts.has(call.id)) continue;
        verdicts.set(call.id, { kind: "unsupported", message: `${interrupt.rule} (call ${interrupt.id})`, effectsApplied: false });
      }
      const kept = ready.filter((call) => call.id === interrupt?.id);
      ready.splice(0, ready.length, ...kept);
    }
    if (ready.length === 0) continue;
    let fragments: ReturnType<typeof expectedTurnFragments>;
    try {
      fragments = expectedTurnFragments({ profile, protocol, model: options.model, prompt: scenario.prompt, calls: ready, options: formatOptions, store, modalities: options.modalities });
    } catch (error) {
      for (const call of ready) verdicts.set(call.id, verdictOf(error, true));
      continue;
    }
    ready.forEach((call, index) => {
      const fragment = protocol === "google-gemini" ? fragments[index] : fragments.find((item) => item.callId === call.id);
      if (fragment) {
        const comparable = { result: fragment.value, after: fragment.after };
        expected[call.id] = redactValue(profile.afterNotes ? profile.afterNotes(comparable) : comparable, rules) as GateComparable;
      }
    });
  }
  return { expected, verdicts, mutating };
}

/** An exception while handling one call: the profile's own `unsupported`, or an internal error of correx. */
function verdictOf(error: unknown, effectsApplied: boolean): CallVerdict {
  if (UnsupportedError.isInstance(error)) return { kind: "unsupported", message: error.message, effectsApplied };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: "internal", message, effectsApplied };
}

function outcome(options: GateScenarioOptions, id: string, area: string, status: CaseStatus, message?: string): CaseOutcome {
  return {
    id,
    profile: options.profile.id,
    stage: "gate",
    area,
    protocols: [options.protocol],
    tags: options.scenario.tags ?? [],
    spec: options.scenario.spec,
    level: "must",
    status,
    ...(message === undefined ? {} : { message }),
    differences: [],
    golden: "none",
    durationMs: 0,
  };
}

/** One call's outcome: pass, fail with the differing bytes, or what became of the agent. */
function callOutcome(options: GateScenarioOptions, call: ScriptedCall, expected: GateComparable | undefined, actual: GateComparable | undefined, exit: AgentExit): CaseOutcome {
  const id = `${options.scenario.name}/${options.protocol}/${call.id}`;
  const label = `call ${call.id} ${call.tool} ${JSON.stringify(call.input)}`;
  const base2 = { ...outcome(options, id, call.tool, "pass"), durationMs: exit.durationMs };
  if (actual === undefined) {
    const agentState = exit.status === "timeout" ? "timeout" : exit.status === "spawn-error" || exit.code !== 0 ? "crash" : "fail";
    const why =
      exit.status === "timeout"
        ? `the agent was killed after ${options.timeoutMs} ms before sending the result of ${label}`
        : exit.status === "spawn-error" || exit.code !== 0
          ? `the agent ended (${exit.status === "spawn-error" ? "could not start" : exit.signal ? `signal ${exit.signal}` : `exit ${exit.code}`}) without sending the result of ${label}; its output ended with:${outputTail(exit.outputTail)}`
          : `the agent never sent the result of ${label}`;
    return { ...base2, status: agentState, message: why };
  }
  if (expected === undefined) {
    return { ...base2, status: "fail", message: `no expected result for ${label} (golden missing)`, actual, golden: options.golden ? "missing" : "none" };
  }
  const comparison = compareGateFragments(expected, actual);
  if (comparison.equal) return { ...base2, actual, expected, golden: options.golden ? "matched" : "none" };
  return { ...base2, status: "fail", message: `${label}: ${comparison.firstByte}`, differences: comparison.differences, actual, expected };
}

/** Lines and characters of an agent's output a crash message quotes: enough for a stack trace's head, bounded. */
const TAIL_LINES = 20;
const TAIL_CHARS = 2000;

/** The end of a crashed agent's output for its report: the last TAIL_LINES non-empty lines, at most TAIL_CHARS characters, quoted. */
function outputTail(text: string): string {
  const lines = text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");
  let tail = lines.slice(-TAIL_LINES).join("\n");
  if (tail.length > TAIL_CHARS) tail = `…${tail.slice(-TAIL_CHARS)}`;
  return lines.length === 0 ? " (nothing)" : `\n${tail}`;
}
