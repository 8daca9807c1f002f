import { createInterface } from "node:readline";
import { createNodeEnvironment } from "../environment/node-environment.js";
import type { EnvironmentPort, SessionHandle } from "../profiles/environment-port.js";
import { clearScenarioWorkspace } from "../scenario/clear-scenario-workspace.js";
import type { Scenario } from "../scenario/scenario.js";
import { writeScenarioWorkspace } from "../scenario/write-scenario-workspace.js";
import { decodeSandboxLine, encodeSandboxLine, type SandboxRequest, type SandboxResponse } from "./sandbox-wire.js";

/**
 * The process inside a replay sandbox (src/sandbox/start-sandbox.ts): it carries out the
 * environment port's file and process operations, one JSON line per request on stdin, one answer
 * per line on stdout, in the sandbox's own mount, PID and network namespaces over an overlay of
 * the machine. Pages are fetched by the gate, never here. It decides nothing: the profile, in the
 * gate process, sends the operations its rules choose.
 */
// correx's own temp files in here (a terminal session's status file) go to the sandbox's private
// tmpfs, never into the overlay: what the overlay shows written is then only the replayed calls'
// (a "wrote outside the run directory … /tmp" note named no call). The replayed commands get the
// agent's environment, not this one. Of what the set-up's shell may export (PWD, SHLVL, _) nothing
// stays: PATH, correx's, is all this process keeps.
for (const name of Object.keys(process.env)) if (name !== "PATH") delete process.env[name];
process.env.TMPDIR = "/dev/shm";
const environment: EnvironmentPort = createNodeEnvironment({ workspace: "/", agentEnv: {} });

const sessions = new Map<number, SessionHandle>();
let nextSession = 1;
const sessionOf = (id: number): SessionHandle => {
  const handle = sessions.get(id);
  if (handle === undefined) throw new Error(`no live session ${id}`);
  return handle;
};

const operations: Record<string, (...args: never[]) => Promise<unknown>> = {
  stat: (path: string) => environment.stat(path),
  readFile: (path: string) => environment.readFile(path),
  listDirectory: (path: string, options?: { order?: "sorted" | "directory" }) => environment.listDirectory(path, options),
  writeFile: (path: string, bytes: Uint8Array, options?: { parents?: boolean }) => environment.writeFile(path, bytes, options),
  run: (command: Parameters<EnvironmentPort["run"]>[0]) => environment.run(command),
  /** A live session (startSession): its number, then its reads and its end by that number. */
  sessionStart: async (command: Parameters<EnvironmentPort["run"]>[0]) => {
    const handle = environment.startSession?.(command);
    if (handle === undefined) throw new Error("this environment has no live sessions");
    sessions.set(nextSession, handle);
    return nextSession++;
  },
  sessionRead: (id: number, waitMs: number) => sessionOf(id).read(waitMs),
  /** Signals a session's process group. */
  sessionSignal: async (id: number, signal: "SIGINT") => {
    await sessionOf(id).signal?.(signal);
    return null;
  },
  /** Types into a terminal session. */
  sessionWrite: async (id: number, bytes: Uint8Array) => {
    const handle = sessionOf(id);
    if (handle.write === undefined) throw new Error("this session has no terminal");
    await handle.write(bytes);
    return null;
  },
  sessionKill: async (id: number) => {
    sessionOf(id).kill();
    sessions.delete(id);
    return null;
  },
  /** The workspace laid anew at its path (inside the sandbox: the machine's copy is never touched). */
  // `owner`: null (the wire's undefined) or the user to give the workspace to.
  resetWorkspace: async (scenario: Scenario, workspace: string, workspacesRoot: string, owner?: { uid: number; gid: number } | null) => {
    await clearScenarioWorkspace(workspace);
    await writeScenarioWorkspace(scenario, workspace, workspacesRoot, owner ?? undefined);
    return null;
  },
  /**
   * Drops root for good (a scenario's `agent.user`): every later operation, and every command it
   * starts, runs with this uid and gid and no supplementary groups, as the agent's did. After the
   * overlay is mounted (it is, before the worker starts) and the workspace laid for that user.
   */
  becomeUser: async (uid: number, gid: number) => {
    process.setgroups?.([]);
    process.setgid?.(gid);
    process.setuid?.(uid);
    return null;
  },
};

const write = (response: SandboxResponse) => void process.stdout.write(`${encodeSandboxLine(response)}\n`);

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  let request: SandboxRequest;
  try {
    request = decodeSandboxLine(line) as SandboxRequest;
  } catch (error) {
    write({ id: -1, error: { name: "SandboxProtocolError", message: `unreadable request: ${(error as Error).message}` } });
    return;
  }
  const operation = operations[request.op];
  if (operation === undefined) {
    write({ id: request.id, error: { name: "SandboxProtocolError", message: `unknown operation "${request.op}"` } });
    return;
  }
  (operation as (...args: unknown[]) => Promise<unknown>)(...request.args).then(
    (value) => write({ id: request.id, value }),
    (error: unknown) => write({ id: request.id, error: { name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) } }),
  );
});
// The gate closing the channel ends the sandbox: the namespace's other processes die with it.
lines.on("close", () => process.exit(0));
process.stdout.write(`${encodeSandboxLine({ id: 0, value: "ready" })}\n`);
