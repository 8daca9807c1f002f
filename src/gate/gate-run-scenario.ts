import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { CaseOutcome } from "../conformance/case-outcome.js";
import type { EnvironmentFact } from "../environment/environment-fact.js";
import { stringEnv } from "../environment/node-environment.js";
import { createFakeProvider } from "../fake/create-fake-provider.js";
import { fakeResultTexts, resultTextLookup } from "../fake/fake-result-texts.js";
import { fakeTurnCallIds } from "../fake/fake-turn.js";
import { startFakeHttpServer } from "../fake/start-fake-http-server.js";
import { redactValue, standardRedactions } from "../golden/redact.js";
import { InputError } from "../input/input-error.js";
import type { Protocol } from "../lower/lowering-result.js";
import { createOutputStore } from "../output-store/output-store-node.js";
import { createTempOutputDirectory } from "../output-store/temp-output-directory.js";
import { type RunUser, resolveRunUser } from "../process/run-user.js";
import { type PeerProcess, socketPeerProcess } from "../process/socket-peer-process.js";
import type { AgentSettings, EnvironmentPort } from "../profiles/environment-port.js";
import { type Profile, UnsupportedError } from "../profiles/profile.js";
import type { SubagentScript } from "../profiles/subagent-script.js";
import { type AgentSandbox, prepareAgentSandbox } from "../sandbox/agent-sandbox.js";
import { chownTree } from "../scenario/chown-tree.js";
import type { Scenario } from "../scenario/scenario.js";
import { writeScenarioWorkspace } from "../scenario/write-scenario-workspace.js";
import { declaredModalities, withScenarioConfig } from "./gate-agent-config.js";
import { type AgentExit, runAgentProcess } from "./gate-agent-process.js";
import { createCallFootprints } from "./gate-call-footprints.js";
import { callOutcome, type GateOutcomeContext, gateOutcome } from "./gate-call-outcome.js";
import type { GateComparable } from "./gate-compare.js";
import { labelConsequences } from "./gate-consequences.js";
import { createFirstFragmentCollector } from "./gate-first-fragments.js";
import { startGateMcp } from "./gate-mcp.js";
import { agentOutputDirectory, mirrorOutputDirectory } from "./gate-output-directory.js";
import { outsideWrites, watchOutsideWrites } from "./gate-outside-writes.js";
import { renderGateTemplate } from "./gate-render-template.js";
import { type CallVerdict, replayExpected, streamFaultVerdict } from "./gate-replay.js";
import { openReplayEnvironment, type ReplayConfinement } from "./gate-replay-environment.js";
import { ownFolder, tamperedFolders } from "./gate-run-directory.js";
import { type ScriptedCall, scriptedCalls } from "./gate-scripted-calls.js";

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
  /** Where the scripted calls are replayed (default: in a sandbox). */
  replay?: ReplayConfinement;
  /**
   * Run the agent in a sandbox of its own (`--sandbox`: PID, mount and network namespaces, an
   * overlay with only its run directory writable): no process it starts outlives it, and what it
   * writes outside its run never reaches the machine (and is reported).
   */
  sandbox?: boolean;
}

/** One scenario's run: the outcomes (one per tool call), the fragments captured, the agent's exit. */
export interface GateScenarioRun {
  outcomes: CaseOutcome[];
  /** The redacted fragments the agent sent, by call id (what `--against golden` records). */
  actual: Record<string, GateComparable>;
  exit: AgentExit;
  /** Provider requests the agent sent. */
  requests: number;
  /**
   * What the agent created or changed outside its workspace that the gate could see (relative to
   * the run directory), and the folders of the run it replaced (a planted link), as sentences.
   */
  outsideWrites: string[];
  /** What the replay of the scripted calls wrote outside the run directory: kept in its sandbox, never on the machine. */
  replayOutsideWrites: string[];
  /** The headers of the agent's first provider request (its version is read from them). */
  agentHeaders?: Readonly<Record<string, string>>;
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
  // The user the agent runs as (`agent.user`), resolved before anything is made: an InputError when there is none, or correx is not root.
  const runUser = scenario.agent?.user === undefined ? undefined : resolveRunUser(scenario.agent.user, scenario.name);
  mkdirSync(options.runDirectory, { recursive: true });
  await writeScenarioWorkspace(scenario, workspace);
  // The folders the agent could replace with a link to send correx's work elsewhere.
  const owned = [ownFolder(options.runDirectory), ownFolder(workspace)];
  // Each request's tool results are read as it arrives; the fake keeps no bodies (bounded memory, however many requests).
  const captured = createFirstFragmentCollector(protocol);
  // The text of each call's result as the agent sent it (first occurrence), for `$fromResult` values.
  const callIds = fakeTurnCallIds(scenario, protocol);
  const resultTexts = new Map<string, string>();
  let providerRequests = 0;
  let agentHeaders: Readonly<Record<string, string>> | undefined;
  const provider = await createFakeProvider({
    protocol,
    scenario,
    profile: profile.id,
    workspace,
    maxCaptured: 0,
    onCapture: (request) => {
      if (request.kind !== "provider") return;
      providerRequests++;
      agentHeaders ??= request.headers;
      if (request.subagent === true) return;
      for (const [id, text] of fakeResultTexts(protocol, [request.body], callIds.flat())) if (!resultTexts.has(id)) resultTexts.set(id, text);
      if (request.violation === null) captured.add(request.body);
    },
  });
  // The environment the agent process really has (its tool commands inherit it) and the file it
  // runs, read from the process on the other end of its first connection; the driver's own
  // environment otherwise.
  let agentProcess: PeerProcess | undefined;
  // Requests the fake refused unread (too big, too deep): the agent sent them, no turn answered them.
  const refused: string[] = [];
  const server = await startFakeHttpServer(provider, {
    onConnection: (remotePort) => {
      agentProcess ??= socketPeerProcess(remotePort);
    },
    onRefused: (method, url, reason) => {
      refused.push(`${method} ${new URL(url).pathname}: ${reason}`);
    },
  });
  const context: GateOutcomeContext = { profile, protocol, scenario, timeoutMs: options.timeoutMs, golden: Boolean(options.golden) };
  const mcp = await startGateMcp(scenario, options.runDirectory);
  let agentSandbox: AgentSandbox | undefined;
  let renderedConfig: string | undefined;
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
    if (scenario.agentConfig !== undefined && !options.configTemplate) throw new Error(`scenario ${scenario.name} sets agentConfig: give the agent's config with --config-template`);
    if (options.configTemplate) {
      // Not beside the workspace: agents look for project config files in the workspace's parents.
      mkdirSync(join(options.runDirectory, "agent-config"), { recursive: true });
      const configPath = join(options.runDirectory, "agent-config", basename(options.configTemplate.name));
      renderedConfig = withScenarioConfig(renderGateTemplate(options.configTemplate.text, values), scenario, values);
      writeFileSync(configPath, renderedConfig);
      values.config = configPath;
    }
    // The scenario's own agent settings (`agent`): its environment, named in CORREX_AGENT_ENV for a
    // driver that clears its environment, and its arguments, appended to the command.
    const agentEnv = Object.fromEntries(Object.entries(scenario.agent?.env ?? {}).map(([name, value]) => [name, renderGateTemplate(value, values)]));
    const agentArgs = (scenario.agent?.args ?? []).map((arg) => renderGateTemplate(arg, values));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      ...agentEnv,
      CORREX_AGENT_ENV: Object.keys(agentEnv).join(" "),
      PWD: workspace,
      CORREX_BASE_URL: server.url,
      CORREX_MODEL: options.model,
      CORREX_WORKSPACE: workspace,
      CORREX_PROMPT: scenario.prompt,
      CORREX_RUN_DIR: options.runDirectory,
      CORREX_PROTOCOL: protocol,
      ...mcp.env,
      ...(values.config ? { CORREX_CONFIG: values.config } : {}),
      // The user's answers to the agent's permission asks, for a driver that answers them (opencode serve).
      ...(scenario.permissionReplies ? { CORREX_PERMISSION_REPLIES: JSON.stringify(scenario.permissionReplies) } : {}),
    };
    const command = [...options.command.map((arg) => renderGateTemplate(arg, values)), ...agentArgs];
    if (runUser) await giveRunDirectory(options.runDirectory, runUser, scenario.name);
    const watch = watchOutsideWrites(options.runDirectory);
    const user = runUser ? { uid: runUser.uid, gid: runUser.gid } : undefined;
    agentSandbox = options.sandbox ? await prepareAgentSandbox({ command, env, workspace, runDirectory: options.runDirectory, port: server.port, user }) : undefined;
    const exit = agentSandbox
      ? await runAgentProcess(agentSandbox.command, { cwd: workspace, env: agentSandbox.env, timeoutMs: options.timeoutMs })
      : await runAgentProcess(command, { cwd: workspace, env, timeoutMs: options.timeoutMs, user });
    // In a sandbox, the fake's connections come from the gate's own forwarder: the bridge inside read the agent's.
    if (agentSandbox) agentProcess = agentSandbox.agentProcess();
    const tampered = tamperedFolders(owned);
    const outside = [
      ...tampered,
      ...(tampered.length > 0 ? [] : outsideWrites(watch)),
      ...(agentSandbox?.outsideWrites() ?? []).map((write) => `${write.path}${write.change === "deleted" ? " (deleted)" : ""} (in its sandbox only)`),
    ];

    if (captured.failure !== undefined) throw captured.failure;
    const script = scriptedCalls(scenario, protocol, profile, server.url, workspace, resultTextLookup(callIds, resultTexts));
    // The reference saves full outputs in a folder of its own that the agent never saw (so no link
    // it planted can send them elsewhere), its path as long as the agent's (v2 budgets by the marker's length).
    const agentOutput = agentOutputDirectory([...captured.byId.values(), ...captured.byOrdinal.values()].map((fragment) => fragment.value));
    const referenceRoot = createTempOutputDirectory(join(tmpdir(), "correx-ref-"));
    const referenceOutput = mirrorOutputDirectory(agentOutput, referenceRoot.path);
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
    let expected: Record<string, GateComparable> = options.golden ?? {};
    let verdicts = new Map<string, CallVerdict>();
    const footprints = createCallFootprints();
    let replayOutside: string[] = [];
    // Calls whose replay wrote outside the run directory, with the paths (sandboxed replays only).
    const outsideOf = new Map<string, string[]>();
    try {
      if (!options.golden && replayed.length > 0) {
        const record = (fact: EnvironmentFact) => footprints.record(fact);
        let replay: Awaited<ReturnType<typeof openReplayEnvironment>> | undefined;
        try {
          if (runUser && profile.modelsRunUser !== true)
            throw new UnsupportedError(`the agent ran as user ${runUser.name} (agent.user), a run as another user than root, which profile ${profile.id} does not model`);
          replay = await openReplayEnvironment({
            confinement: options.replay ?? "sandbox",
            scenario,
            workspace,
            runDirectory: options.runDirectory,
            agentEnv: agentProcess?.environment ?? stringEnv(env),
            ...(agentProcess?.executable === undefined ? {} : { agentExecutable: agentProcess.executable }),
            mcp: scenario.mcp,
            record,
            tampered,
            user: runUser,
          });
        } catch (error) {
          if (!UnsupportedError.isInstance(error)) throw error;
          for (const call of replayed) verdicts.set(call.id, { kind: "unsupported", message: error.message, effectsApplied: false });
        }
        if (replay) {
          try {
            const result = await replayExpected(
              {
                profile,
                protocol,
                model: options.model,
                prompt: scenario.prompt,
                modalities: options.modalities ?? declaredModalities(renderedConfig, options.model),
                environment: withRunFacts(
                  replay.environment,
                  scenario,
                  renderedConfig,
                  { env: agentEnv, args: agentArgs, ...(runUser ? { user: runUser } : {}) },
                  subagentScripts(scenario, protocol, profile, server.url, workspace),
                ),
                referenceOutput,
                store: createOutputStore(referenceOutput),
                rules,
                running: (id) => {
                  // what the replay wrote before this call (the workspace laid anew, earlier live sessions) is not its own
                  replay?.changedSince();
                  footprints.start(id);
                },
                agentOrdinal: (call) => captured.byId.get(call.id)?.ordinal,
                ran: (id) => {
                  footprints.finish(id, replay?.changedSince());
                  const paths = replay?.writtenOutsideSince() ?? [];
                  if (paths.length > 0) outsideOf.set(id, paths);
                },
              },
              replayed,
              rawOf,
            );
            expected = result.expected;
            verdicts = result.verdicts;
          } finally {
            replayOutside = await replay.close();
          }
        }
      }
    } finally {
      referenceRoot.remove();
    }
    // Calls on or after a cut or garbled reply are unsupported, also those the agent never answered.
    const faulted = script.find((call) => call.streamFault !== undefined);
    if (faulted) for (const call of script) if (call.turn >= faulted.turn && !verdicts.has(call.id)) verdicts.set(call.id, streamFaultVerdict(profile.id, faulted));
    const actual: Record<string, GateComparable> = {};
    const judged = script.map((call) => {
      const got = actualOf(call);
      if (got) actual[call.id] = got;
      const judgedOutcome = verdicts.has(call.id) ? undefined : callOutcome(context, call, expected[call.id], got, exit);
      const verdict = verdicts.get(call.id) ?? outsideVerdict(options.sandbox === true, outsideOf.get(call.id), judgedOutcome!);
      const footprint = footprints.of(call.id);
      const session = profile.sessionState?.({ tool: call.tool, input: call.input });
      const state = session === undefined ? {} : { session };
      if (verdict === undefined) return { id: call.id, outcome: judgedOutcome!, footprint, effectsKnown: true, ...state };
      if (verdict.kind === "ends-run") return { id: call.id, outcome: endedRunOutcome(context, call, verdict.message, got, exit), footprint, effectsKnown: true, ...state };
      const why =
        verdict.kind === "internal"
          ? `internal error in correx while handling this call (not the agent's fault): ${verdict.message}`
          : verdict.kind === "unreplayable"
            ? `correx cannot replay this call exactly: ${verdict.message}`
            : `the profile does not model this result: ${verdict.message}`;
      return {
        id: call.id,
        // An internal error is a crash (the run exits 1), never a quiet unsupported.
        outcome: { ...gateOutcome(context, `${scenario.name}/${protocol}/${call.id}`, call.tool, verdict.kind === "internal" ? "crash" : "unsupported", why), ...(got ? { actual: got } : {}) },
        footprint,
        effectsKnown: verdict.effectsApplied,
        ...state,
      };
    });
    const outcomes: CaseOutcome[] = labelConsequences(judged);
    if (provider.violations.length > 0) {
      outcomes.push(
        gateOutcome(
          context,
          `${scenario.name}/${protocol}/requests`,
          "wire",
          "fail",
          `${provider.violations.length} request(s) broke schemas/wire/${protocol}.json; first: request ${provider.violations[0].seq}: ${provider.violations[0].message}`,
        ),
      );
    }
    if (refused.length > 0) {
      outcomes.push(
        gateOutcome(
          context,
          `${scenario.name}/${protocol}/requests-refused`,
          "wire",
          "unsupported",
          `correx's fake refused ${refused.length} request(s) unread, so correx cannot judge them; first: ${refused[0]}`,
        ),
      );
    }
    return {
      outcomes,
      actual,
      exit,
      requests: providerRequests,
      outsideWrites: outside,
      replayOutsideWrites: replayOutside,
      ...(agentHeaders === undefined ? {} : { agentHeaders }),
    };
  } finally {
    // Nothing of the run is left to the agent's user: what it owns is correx's own user's again (links changed, never followed).
    if (runUser) await chownTree(options.runDirectory, process.getuid?.() ?? 0, process.getgid?.() ?? 0, runUser.uid).catch(() => {});
    await agentSandbox?.dispose();
    await mcp.close();
    await server.close();
  }
}

/**
 * The replay's environment with the run's own facts: the user's answers to permission asks (the
 * scenario's `permissionReplies`), the config the agent was given (parsed, when it is JSON) and
 * the environment and arguments the agent was started with (the scenario's `agent`) and the scripts the
 * fake answers subagent requests from (the scenario's `subagents`).
 * One object for the whole replay: a profile keeps a session's state (answers used) by it.
 */
function withRunFacts(environment: EnvironmentPort, scenario: Scenario, renderedConfig: string | undefined, agentSettings: AgentSettings, subagents: SubagentScript[]): EnvironmentPort {
  let agentConfig: unknown;
  try {
    agentConfig = renderedConfig === undefined ? undefined : JSON.parse(renderedConfig);
  } catch {
    agentConfig = undefined;
  }
  const facts = Object.create(environment) as EnvironmentPort & { permissionReplies?: unknown; agentConfig?: unknown; agentSettings?: unknown; subagents?: unknown };
  Object.defineProperty(facts, "permissionReplies", { value: scenario.permissionReplies ?? [] });
  Object.defineProperty(facts, "agentSettings", { value: agentSettings });
  Object.defineProperty(facts, "agentConfig", { value: agentConfig });
  // known (maybe empty) on every gate run: a subagent no script answers gets the fake's unscripted text
  Object.defineProperty(facts, "subagents", { value: subagents });
  return facts;
}

/** The scenario's subagent scripts as the fake answers from them: each call's input as the fake sends it (placeholders rendered, `$fromResult` resolved). */
function subagentScripts(scenario: Scenario, protocol: Protocol, profile: Profile, origin: string, workspace: string): SubagentScript[] {
  return (scenario.subagents ?? []).map((subagent) => {
    const calls = scriptedCalls({ ...scenario, prompt: subagent.prompt, turns: subagent.turns, subagents: undefined }, protocol, profile, origin, workspace);
    return {
      prompt: subagent.prompt,
      turns: subagent.turns.map((turn, index) => ({
        ...turn,
        calls: calls.filter((call) => call.turn === index).map(({ tool, input }) => ({ tool, input })),
      })),
    };
  });
}

/**
 * A call the profile predicts no result for (the session ends at it or before it): `pass` when
 * the agent sent none and ended by itself, `fail` when it sent one; a timeout or a crash is what it is.
 */
function endedRunOutcome(context: GateOutcomeContext, call: ScriptedCall, rule: string, got: GateComparable | undefined, exit: AgentExit): CaseOutcome {
  const id = `${context.scenario.name}/${context.protocol}/${call.id}`;
  const base = { ...gateOutcome(context, id, call.tool, "pass"), durationMs: exit.durationMs };
  if (got !== undefined) return { ...base, status: "fail", message: `the profile predicts no result for call ${call.id} (${rule}), but the agent sent one`, actual: got };
  if (exit.status === "timeout")
    return { ...base, status: "timeout", message: `the agent was killed after ${context.timeoutMs} ms; the profile predicts its session ends without this result (${rule})` };
  if (exit.status !== "exited" || exit.code !== 0)
    return {
      ...base,
      status: "crash",
      message: `the agent ended (${exit.status === "exited" ? `exit ${exit.code}` : exit.status}); the profile predicts its session ends without this result (${rule})`,
    };
  return { ...base, message: `no result, as the profile predicts: ${rule}` };
}

/**
 * A call whose replay wrote outside the run directory and whose result differs: unless the agent
 * ran in a sandbox of its own, the agent's run wrote to the same machine first, so the replay saw
 * those paths as the agent left them, not as the agent found them — not a fact correx can know.
 */
function outsideVerdict(agentSandboxed: boolean, paths: string[] | undefined, judged: CaseOutcome): CallVerdict | undefined {
  if (agentSandboxed || paths === undefined || judged.status !== "fail") return undefined;
  return {
    kind: "unreplayable",
    message: `the call writes outside the run directory (${paths.slice(0, 5).join(", ")}${paths.length > 5 ? ", …" : ""}), where the agent, run without --sandbox, changed this machine before the replay`,
    effectsApplied: true,
  };
}

/**
 * Gives the run directory (workspace, HOME, config; the workspace's modes are kept) to the user
 * the agent runs as, and lets that user reach it: its parent (correx's work root, made 0700) gets
 * search permission for others; a farther folder that the user may not search is an InputError.
 */
async function giveRunDirectory(runDirectory: string, user: RunUser, scenarioName: string): Promise<void> {
  const parent = dirname(runDirectory);
  const parentMode = statSync(parent).mode;
  if ((parentMode & 0o001) === 0) chmodSync(parent, (parentMode & 0o7777) | 0o001);
  for (let folder = dirname(parent); ; folder = dirname(folder)) {
    const stats = statSync(folder);
    const searchable = stats.uid === user.uid ? stats.mode & 0o100 : stats.gid === user.gid ? stats.mode & 0o010 : stats.mode & 0o001;
    if (!searchable) throw new InputError(`agent.user "${user.name}" cannot reach the run directory: it may not search ${folder}`, scenarioName);
    if (folder === dirname(folder)) break;
  }
  await chownTree(runDirectory, user.uid, user.gid);
}
