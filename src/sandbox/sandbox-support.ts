import { spawn } from "node:child_process";
import { createProcessTree } from "../process/process-tree.js";
import { ByteTail } from "../text/byte-tail.js";
import { prepareSandboxLayout, SANDBOX_PATH, SandboxUnavailableError, sandboxScript, sandboxSetupSaid, sandboxUnshareArgs } from "./sandbox-layout.js";

let probed: Promise<string | null> | undefined;

/** How long the probe may take before the sandbox counts as unavailable. */
const PROBE_DEADLINE_MS = 15_000;

/**
 * The program the probe runs inside the sandbox: the worker's script must be readable there and
 * the node binary start there (`--version`: it loads the binary and its libraries without booting
 * a JavaScript engine, ~0.1 s less than a worker, which the gate paid before every run).
 */
const PROBE = 'test -r "$1" || { echo "the sandbox worker $1 cannot be read inside the sandbox" >&2; exit 1; }; exec "$2" --version';

/**
 * Why a sandbox cannot be made on this machine for this user, or null when one can: makes one
 * exactly as startSandbox does (namespaces, the overlay of every mount, /dev, /proc, /sys,
 * loopback, chroot), checks that its worker's script is readable and node starts in it, and ends it.
 * Asked once per process.
 */
export function sandboxUnavailableReason(): Promise<string | null> {
  probed ??= probeSandbox().then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return probed;
}

async function probeSandbox(): Promise<void> {
  const layout = prepareSandboxLayout();
  try {
    const args = sandboxUnshareArgs(layout, [], ["/bin/sh", "-c", PROBE, "correx-sandbox-probe", sandboxScript("sandbox-worker.js"), process.execPath]);
    const tree = createProcessTree();
    // The environment is correx's choice, never the agent's: nothing in it runs code.
    const child = spawn("unshare", args, { env: { PATH: SANDBOX_PATH }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    tree.attach(child.pid);
    const output = new ByteTail(4096);
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      tree.kill();
    }, PROBE_DEADLINE_MS);
    const ended = await new Promise<{ code: number | null; signal: string | null; error?: Error }>((resolve) => {
      child.on("error", (error) => resolve({ code: null, signal: null, error }));
      child.on("close", (code, signal) => resolve({ code, signal }));
    });
    clearTimeout(timer);
    tree.kill();
    if (ended.error) throw new SandboxUnavailableError(`cannot start unshare: ${ended.error.message}`);
    const said = output.text().trim();
    if (ended.code !== 0 || !/^v\d/.test(said)) {
      const last = sandboxSetupSaid(said);
      throw new SandboxUnavailableError(timedOut ? "the sandbox did not start within its deadline" : `the sandbox ended (${ended.signal ?? `exit ${ended.code}`})${last ? `: ${last}` : ""}`);
    }
  } finally {
    layout.remove();
  }
}
