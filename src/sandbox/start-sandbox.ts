import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { createProcessTree } from "../process/process-tree.js";
import { ByteTail } from "../text/byte-tail.js";
import { prepareSandboxLayout, SANDBOX_PATH, SandboxUnavailableError, sandboxScript, sandboxSetupSaid, sandboxUnshareArgs } from "./sandbox-layout.js";
import type { SandboxMount } from "./sandbox-mounts.js";
import { decodeSandboxLine, encodeSandboxLine, type SandboxResponse } from "./sandbox-wire.js";

/**
 * A running sandbox: a worker process in its own mount, PID and network namespaces (loopback
 * only), chrooted into an overlay of every mount of the machine. It reads every file there is;
 * whatever it writes lands in the overlay's upper layers under `control`, which the gate reads
 * afterwards (src/sandbox/overlay-writes.ts) and then removes. No process it starts outlives it:
 * when the worker (the namespace's first process) ends, the kernel kills the rest.
 */
export interface Sandbox {
  /** Carries out one operation of the worker (src/sandbox/sandbox-worker.ts). */
  call(op: string, ...args: unknown[]): Promise<unknown>;
  /** Ends the sandbox and every process in it. */
  close(): Promise<void>;
  /** Removes the sandbox's own folder (its overlay layers); after close. */
  remove(): void;
  /** The sandbox's own folder on the machine: `layers/<n>/upper` holds what was written on mount n. */
  readonly control: string;
  /** The overlaid mounts, by layer number. */
  readonly mounts: readonly SandboxMount[];
}

/** An error the worker reported, by the name it had there (InputError, …). */
export class SandboxOperationError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts a sandbox and waits until its worker answers. Throws SandboxUnavailableError (with what
 * the set-up said) when the namespaces or overlays cannot be made here.
 */
export async function startSandbox(options: { startTimeoutMs?: number } = {}): Promise<Sandbox> {
  const layout = prepareSandboxLayout();
  const { control, mounts } = layout;
  const removeControl = () => layout.remove();
  const args = sandboxUnshareArgs(layout, [], [process.execPath, sandboxScript("sandbox-worker.js")]);
  const tree = createProcessTree();
  // The environment is correx's choice, never the agent's: nothing in it runs code.
  const child = spawn("unshare", args, { env: { PATH: SANDBOX_PATH }, detached: true, stdio: ["pipe", "pipe", "pipe"] });
  tree.attach(child.pid);
  const stderr = new ByteTail(4096);
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let ended: Error | null = null;
  let ready: (() => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const end = (error: Error) => {
    if (ended) return;
    ended = error;
    failed?.(error);
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    let response: SandboxResponse;
    try {
      response = decodeSandboxLine(line) as SandboxResponse;
    } catch {
      return;
    }
    if (response.id === 0) {
      ready?.();
      return;
    }
    const waiter = pending.get(response.id);
    if (!waiter) return;
    pending.delete(response.id);
    if ("error" in response) waiter.reject(new SandboxOperationError(response.error.name, response.error.message));
    else waiter.resolve(response.value);
  });
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  child.on("error", (error) => end(new SandboxUnavailableError(`cannot start unshare: ${error.message}`)));
  child.on("close", (code, signal) => {
    const said = sandboxSetupSaid(stderr.text());
    end(new SandboxUnavailableError(`the sandbox ended (${signal ?? `exit ${code}`})${said ? `: ${said}` : ""}`));
  });
  child.stdin.on("error", () => {});
  const timer = setTimeout(() => end(new SandboxUnavailableError("the sandbox did not start within its deadline")), options.startTimeoutMs ?? 20_000);
  const close = async () => {
    child.stdin.end();
    const deadline = setTimeout(() => tree.kill(), 5_000);
    await exited;
    clearTimeout(deadline);
    tree.kill();
  };
  try {
    await started;
  } catch (error) {
    clearTimeout(timer);
    tree.kill();
    await exited;
    removeControl();
    throw error;
  }
  clearTimeout(timer);
  return {
    control,
    mounts,
    call(op, ...callArgs) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.stdin.write(`${encodeSandboxLine({ id, op, args: callArgs })}\n`);
      });
    },
    close,
    remove: removeControl,
  };
}

export { SandboxUnavailableError };
