import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createProcessTree } from "../process/process-tree.js";
import { ByteTail } from "../text/byte-tail.js";
import { machineSandboxMounts, type SandboxMount } from "./sandbox-mounts.js";
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

/** The sandbox could not be made here (no namespaces or overlays for this user, a missing tool). */
export class SandboxUnavailableError extends Error {
  override readonly name = "SandboxUnavailableError";
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

/** The worker script: beside this module in dist/, or dist/ of the package when run from src/ (tests). */
function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith(".ts") ? fileURLToPath(new URL("../../dist/sandbox/sandbox-worker.js", import.meta.url)) : fileURLToPath(new URL("./sandbox-worker.js", import.meta.url));
}

/**
 * The set-up run as the namespace's first process: an overlay on each directory mount (root
 * first), read-only binds for file mounts, /dev bound with a fresh /dev/shm, a new /proc and
 * /sys, loopback up, then the worker, chrooted. Paths come as arguments, never inside the text.
 */
const SETUP = `set -eu
root=$1; control=$2; shift 2
n=0
while [ "$1" != "--" ]; do
  kind=$1; path=$2; shift 2
  if [ "$kind" = d ]; then
    mount -t overlay overlay -o "lowerdir=$path,upperdir=$control/layers/$n/upper,workdir=$control/layers/$n/work" "$root$path"
  else
    mount --bind "$path" "$root$path"
    mount -o remount,bind,ro "$root$path"
  fi
  n=$((n+1))
done
shift
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
mount -t proc proc "$root/proc"
mount -t sysfs -o ro sysfs "$root/sys" 2>/dev/null || true
ip link set lo up
exec chroot "$root" "$@"
`;

/** Characters the overlay's mount options cannot hold in a path. */
const OPTION_BREAKERS = /[,:\\\n]/;

const SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/**
 * Starts a sandbox and waits until its worker answers. Throws SandboxUnavailableError (with what
 * the set-up said) when the namespaces or overlays cannot be made here.
 */
export async function startSandbox(options: { startTimeoutMs?: number } = {}): Promise<Sandbox> {
  const mounts = machineSandboxMounts();
  const bad = mounts.find((mount) => OPTION_BREAKERS.test(mount.path));
  if (bad) throw new SandboxUnavailableError(`the mount point ${JSON.stringify(bad.path)} has a character an overlay's options cannot hold`);
  const control = mkdtempSync(join(tmpdir(), "correx-sandbox-"));
  if (OPTION_BREAKERS.test(control)) {
    rmSync(control, { recursive: true, force: true });
    throw new SandboxUnavailableError(`the temp folder ${JSON.stringify(control)} has a character an overlay's options cannot hold; set TMPDIR`);
  }
  const root = join(control, "root");
  mkdirSync(root);
  mounts.forEach((_mount, index) => {
    mkdirSync(join(control, "layers", String(index), "upper"), { recursive: true });
    mkdirSync(join(control, "layers", String(index), "work"), { recursive: true });
  });
  const removeControl = () => rmSync(control, { recursive: true, force: true });
  process.on("exit", removeControl);
  const asUser = process.getuid?.() !== 0 ? ["--user", "--map-root-user"] : [];
  const args = [
    "--mount",
    "--pid",
    "--net",
    "--fork",
    "--kill-child",
    "--propagation",
    "private",
    ...asUser,
    "/bin/sh",
    "-c",
    SETUP,
    "correx-sandbox",
    root,
    control,
    ...mounts.flatMap((mount) => [mount.kind === "directory" ? "d" : "f", mount.path]),
    "--",
    "/usr/bin/env",
    "-i",
    `PATH=${SANDBOX_PATH}`,
    process.execPath,
    workerPath(),
  ];
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
    const said = stderr.text().trim().split("\n").slice(-3).join("; ");
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
    process.off("exit", removeControl);
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
    remove() {
      process.off("exit", removeControl);
      removeControl();
    },
  };
}
