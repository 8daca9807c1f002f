import { codeRunningVariables } from "../environment/code-running-variables.js";
import type { EnvironmentFact } from "../environment/environment-fact.js";
import { createNodeEnvironment } from "../environment/node-environment.js";
import { InputError } from "../input/input-error.js";
import type { RunUser } from "../process/run-user.js";
import type { EnvironmentPort } from "../profiles/environment-port.js";
import { UnsupportedError } from "../profiles/profile.js";
import { createConfinedEnvironment } from "../sandbox/confined-environment.js";
import { overlaySnapshot, overlayWrites, snapshotChanges } from "../sandbox/overlay-writes.js";
import { type Sandbox, SandboxOperationError, startSandbox } from "../sandbox/start-sandbox.js";
import { clearScenarioWorkspace } from "../scenario/clear-scenario-workspace.js";
import type { Scenario, ScenarioMcp } from "../scenario/scenario.js";
import { defaultWorkspacesRoot, writeScenarioWorkspace } from "../scenario/write-scenario-workspace.js";

/**
 * Where the gate replays a scenario's calls: `sandbox` (the default) runs every file and process
 * operation in a sandbox of its own (src/sandbox/), `unconfined` on this machine with correx's
 * rights, which `--unconfined-replay` accepts explicitly.
 */
export type ReplayConfinement = "sandbox" | "unconfined";

/** An open replay environment: the port the profile runs the calls through, on a workspace laid anew. */
export interface ReplayEnvironment {
  environment: EnvironmentPort;
  /**
   * Ends it. Returns what the replay wrote outside the run directory (sandbox: read from its
   * overlay, none of it on the machine; unconfined: unknown, empty).
   */
  close(): Promise<string[]>;
  /** The paths outside the run directory written since the last time this was asked (sandbox only). */
  writtenOutsideSince(): string[];
  /**
   * Every file, link or removal the replay wrote anywhere (the workspace included) since the last
   * time this was asked, read from the sandbox's overlay; undefined when the replay is unconfined
   * (what a command wrote on the machine is not known).
   */
  changedSince(): string[] | undefined;
}

export interface ReplayEnvironmentOptions {
  confinement: ReplayConfinement;
  scenario: Scenario;
  workspace: string;
  /** The run directory: what the replay may write (the workspace, the agent's HOME copy). */
  runDirectory: string;
  agentEnv: Readonly<Record<string, string>>;
  /** The file the agent process ran, when the gate saw it (/proc/<pid>/exe of the fake's first peer). */
  agentExecutable?: string;
  /** The MCP servers the agent was given (a scenario's `mcp`): played in correx's own process, never in the sandbox. */
  mcp?: ScenarioMcp;
  record: (fact: EnvironmentFact) => void;
  /** Set when the run directory is no longer what correx made (an unconfined replay then refuses to run). */
  tampered: readonly string[];
  /** The user the agent ran as (`agent.user`): the sandbox's worker lays the workspace for it and then runs every operation as it. */
  user?: RunUser;
}

/** How many outside writes one report line lists. */
const LISTED_WRITES = 20;

/**
 * Opens the replay's environment: lays the scenario's workspace anew at the agent's path and
 * returns the port the profile runs the scripted calls through.
 */
export async function openReplayEnvironment(options: ReplayEnvironmentOptions): Promise<ReplayEnvironment> {
  if (options.confinement === "sandbox") return openSandboxed(options);
  if (options.user !== undefined)
    throw new UnsupportedError(
      `the agent ran as user ${options.user.name} (agent.user) and the replay is unconfined (--unconfined-replay), where it would run as correx's own user; correx replays such a run only in its sandbox`,
    );
  if (options.tampered.length > 0) throw new UnsupportedError(`the replay is unconfined (--unconfined-replay) and the run directory was changed by the agent: ${options.tampered.join("; ")}`);
  // Not a link (checked above): rm unlinks links inside it and never follows them.
  await clearScenarioWorkspace(options.workspace);
  await writeScenarioWorkspace(options.scenario, options.workspace);
  const machine = createNodeEnvironment({ workspace: options.workspace, agentEnv: options.agentEnv, agentExecutable: options.agentExecutable, mcp: options.mcp, record: options.record });
  return {
    environment: {
      ...machine,
      async run(command) {
        refuseCodeRunningEnvironment(command.env);
        return machine.run(command);
      },
      startSession(command) {
        refuseCodeRunningEnvironment(command.env);
        if (!machine.startSession) throw new UnsupportedError("this environment cannot start live sessions");
        return machine.startSession(command);
      },
    },
    close: async () => [],
    writtenOutsideSince: () => [],
    changedSince: () => undefined,
  };
}

async function openSandboxed(options: ReplayEnvironmentOptions): Promise<ReplayEnvironment> {
  const sandbox: Sandbox = await startSandbox();
  try {
    const owner = options.user ? [{ uid: options.user.uid, gid: options.user.gid }] : [];
    await sandbox.call("resetWorkspace", options.scenario, options.workspace, defaultWorkspacesRoot, ...owner);
    // From here on the worker is that user for good: its file operations and the commands it starts.
    if (options.user) await sandbox.call("becomeUser", options.user.uid, options.user.gid);
  } catch (error) {
    await sandbox.close();
    sandbox.remove();
    if (error instanceof SandboxOperationError && error.name === "InputError") throw new InputError(error.message, options.scenario.name);
    throw error;
  }
  const seen = new Set<string>();
  let snapshot = overlaySnapshot(sandbox.control, sandbox.mounts);
  return {
    environment: createConfinedEnvironment({ sandbox, workspace: options.workspace, agentEnv: options.agentEnv, agentExecutable: options.agentExecutable, mcp: options.mcp, record: options.record }),
    writtenOutsideSince() {
      const fresh: string[] = [];
      for (const write of overlayWrites(sandbox.control, sandbox.mounts, [options.runDirectory])) {
        if (!seen.has(write.path)) fresh.push(write.path);
        seen.add(write.path);
      }
      return fresh;
    },
    changedSince() {
      const now = overlaySnapshot(sandbox.control, sandbox.mounts);
      const changed = snapshotChanges(snapshot, now);
      snapshot = now;
      return changed;
    },
    async close() {
      await sandbox.close();
      const writes = overlayWrites(sandbox.control, sandbox.mounts, [options.runDirectory]);
      sandbox.remove();
      const listed = writes.slice(0, LISTED_WRITES).map((write) => (write.change === "deleted" ? `${write.path} (deleted)` : write.path));
      if (writes.length > LISTED_WRITES) listed.push(`and ${writes.length - LISTED_WRITES} more`);
      return listed;
    },
  };
}

/** Unconfined, a command whose environment would run code in correx's own processes is not run: the call is unsupported, naming the variables. */
function refuseCodeRunningEnvironment(env: Readonly<Record<string, string>>): void {
  const risky = codeRunningVariables(env);
  if (risky.length > 0) {
    throw new UnsupportedError(
      `the agent's environment sets ${risky.join(", ")}, which would run code in correx's own processes; correx replays such commands only in its sandbox (without --unconfined-replay)`,
    );
  }
}
