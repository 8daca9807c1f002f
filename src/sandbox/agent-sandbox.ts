import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PeerProcess } from "../process/socket-peer-process.js";
import { type OverlayWrite, overlayWrites } from "./overlay-writes.js";
import { prepareSandboxLayout, SANDBOX_PATH, sandboxScript, sandboxUnshareArgs } from "./sandbox-layout.js";
import { startUnixForwarder, type UnixForwarder } from "./unix-forwarder.js";

/**
 * An agent run in a sandbox of its own (`correx gate --sandbox`): the agent command as the first
 * process of new mount, PID and network namespaces, on an overlay of the machine with only its run
 * directory writable for real. Its network has only its own loopback, where a bridge listens on
 * the fake provider's port and carries every connection to the fake outside. When the agent ends,
 * the kernel kills every process it left, whatever it did to its environment or process group.
 */
export interface AgentSandbox {
  /** The command to spawn instead of the agent's (with `env`). */
  readonly command: string[];
  /** The environment of that command: correx's minimal one (the agent's own is passed inside). */
  readonly env: NodeJS.ProcessEnv;
  /** After the agent's exit: the environment and executable of the process that connected first, read inside (undefined if none did). */
  agentProcess(): PeerProcess | undefined;
  /** After the agent's exit: what it wrote outside its run directory — in the sandbox only. */
  outsideWrites(): OverlayWrite[];
  /** Ends the bridge's far end and removes the sandbox's folder. */
  dispose(): Promise<void>;
}

/** The script the chrooted shell runs: the bridge in the background, then (once it listens) the agent, in its workspace. */
const INNER = `ws=$1; node=$2; bridge=$3; port=$4; sock=$5; envfile=$6; shift 6
/usr/bin/env -i "PATH=$PATH" "$node" "$bridge" "$port" "$sock" "$envfile" &
i=0
while [ ! -e "$envfile.ready" ]; do
  i=$((i+1)); [ $i -gt 500 ] && { echo "correx sandbox: the loopback bridge did not start" >&2; exit 125; }
  sleep 0.02
done
cd "$ws" || exit 127
exec "$@"
`;

/**
 * Prepares the sandbox for one agent run: `command` and `env` are the agent's, `workspace` its
 * working directory, `runDirectory` the folder it may write, `port` the fake provider's port.
 */
export async function prepareAgentSandbox(options: {
  command: readonly string[];
  env: NodeJS.ProcessEnv;
  workspace: string;
  runDirectory: string;
  port: number;
  /** Run the agent with this uid and gid (no supplementary groups), once the mounts are made and the bridge runs (as root). */
  user?: { uid: number; gid: number };
}): Promise<AgentSandbox> {
  const layout = prepareSandboxLayout();
  const net = join(layout.control, "net");
  mkdirSync(net);
  const socket = join(net, "fake.sock");
  const envFile = join(net, "agent-env.json");
  let forwarder: UnixForwarder;
  try {
    forwarder = await startUnixForwarder(socket, options.port);
  } catch (error) {
    layout.remove();
    throw error;
  }
  const agentEnv = Object.entries(options.env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${value}`);
  const program = [
    "/bin/sh",
    "-c",
    INNER,
    "correx-agent",
    options.workspace,
    process.execPath,
    sandboxScript("loopback-bridge.js"),
    String(options.port),
    socket,
    envFile,
    ...(options.user ? ["/usr/bin/setpriv", `--reuid=${options.user.uid}`, `--regid=${options.user.gid}`, "--clear-groups", "--"] : []),
    "/usr/bin/env",
    "-i",
    ...agentEnv,
    ...options.command,
  ];
  return {
    command: ["unshare", ...sandboxUnshareArgs(layout, [options.runDirectory, net], program)],
    env: { PATH: SANDBOX_PATH },
    agentProcess() {
      if (!existsSync(envFile)) return undefined;
      try {
        return JSON.parse(readFileSync(envFile, "utf8")) as PeerProcess;
      } catch {
        return undefined;
      }
    },
    outsideWrites: () => overlayWrites(layout.control, layout.mounts, [options.runDirectory]),
    async dispose() {
      await forwarder.close();
      layout.remove();
    },
  };
}
