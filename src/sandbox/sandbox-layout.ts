import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeFolder } from "../process/remove-folder.js";
import { machineSandboxMounts, type SandboxMount } from "./sandbox-mounts.js";

/** The sandbox could not be made here (no namespaces or overlays for this user, a missing tool). */
export class SandboxUnavailableError extends Error {
  override readonly name = "SandboxUnavailableError";
}

/**
 * A sandbox's own folder on the machine (`control`, a fresh mkdtemp no one else knows): `root`
 * where the overlay is assembled, `layers/<n>/{upper,work}` for mount n — what the sandbox writes
 * lands in `upper` — and whatever else its user keeps there.
 */
export interface SandboxLayout {
  readonly control: string;
  readonly root: string;
  readonly mounts: readonly SandboxMount[];
  /** Removes the folder and everything in it (links inside are unlinked, never followed). */
  remove(): void;
}

/** Characters an overlay's mount options cannot hold in a path. */
const OPTION_BREAKERS = /[,:\\\n]/;

/** The PATH of every process correx runs to make a sandbox: correx's choice, never the agent's. */
export const SANDBOX_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Makes a sandbox's folder for the machine's current mounts (removed at process exit too). */
export function prepareSandboxLayout(): SandboxLayout {
  const mounts = machineSandboxMounts();
  const bad = mounts.find((mount) => OPTION_BREAKERS.test(mount.path));
  if (bad) throw new SandboxUnavailableError(`the mount point ${JSON.stringify(bad.path)} has a character an overlay's options cannot hold`);
  const control = mkdtempSync(join(tmpdir(), "correx-sandbox-"));
  const remove = () => {
    process.off("exit", remove);
    removeFolder(control);
  };
  process.on("exit", remove);
  if (OPTION_BREAKERS.test(control)) {
    remove();
    throw new SandboxUnavailableError(`the temp folder ${JSON.stringify(control)} has a character an overlay's options cannot hold; set TMPDIR`);
  }
  const root = join(control, "root");
  mkdirSync(root);
  mounts.forEach((_mount, index) => {
    mkdirSync(join(control, "layers", String(index), "upper"), { recursive: true });
    mkdirSync(join(control, "layers", String(index), "work"), { recursive: true });
  });
  return { control, root, mounts, remove };
}

/**
 * The set-up run as the namespace's first process: an overlay on each directory mount (root
 * first), read-only binds for file mounts, read-write binds of the folders the program may write
 * for real (at their own paths), /dev bound with a fresh /dev/shm, a new /proc and /sys, loopback
 * up, then the program, chrooted. Paths come as arguments, never inside the text.
 */
const SETUP = `set -eu
root=$1; control=$2; extra=$3; lastpid=$4; shift 4
# pids as long as the machine's (a PID namespace starts at 1, and agents' texts hold pids whose
# length moves truncation budgets): the namespace's next pid follows the machine's last one
if [ "$lastpid" -gt 0 ]; then echo "$lastpid" > /proc/sys/kernel/ns_last_pid 2>/dev/null || true; fi
n=0
while [ "$1" != "--" ]; do
  kind=$1; path=$2; shift 2
  case $kind in
    d) mount -t overlay overlay -o "lowerdir=$path,upperdir=$control/layers/$n/upper,workdir=$control/layers/$n/work$extra" "$root$path"; n=$((n+1)) ;;
    f) mount --bind "$path" "$root$path"; mount -o remount,bind,ro "$root$path"; n=$((n+1)) ;;
    b) mount --bind "$path" "$root$path" ;;
  esac
done
shift
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
mount -t proc proc "$root/proc"
mount -t sysfs -o ro sysfs "$root/sys" 2>/dev/null || true
ip link set lo up
exec chroot "$root" "$@"
`;

/**
 * The arguments of `unshare` that run `program` (inside the chroot) in new mount, PID and network
 * namespaces on the layout's overlay, with `binds` (existing folders correx made) writable for
 * real. The namespace's first process is the program itself: when it ends, the kernel kills every
 * process left in it; `--kill-child` ends it when unshare is killed.
 */
export function sandboxUnshareArgs(layout: SandboxLayout, binds: readonly string[], program: readonly string[]): string[] {
  const bad = binds.find((path) => OPTION_BREAKERS.test(path));
  if (bad) throw new SandboxUnavailableError(`the folder ${JSON.stringify(bad)} has a character the sandbox's set-up cannot hold`);
  const asUser = process.getuid?.() !== 0 ? ["--user", "--map-root-user"] : [];
  return [
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
    layout.root,
    layout.control,
    // In a user namespace an overlay keeps its own attributes as user.* xattrs (Linux ≥ 5.11).
    asUser.length > 0 ? ",userxattr" : "",
    String(machineLastPid()),
    ...layout.mounts.flatMap((mount) => [mount.kind === "directory" ? "d" : "f", mount.path]),
    ...binds.flatMap((path) => ["b", path]),
    "--",
    ...program,
  ];
}

/**
 * A script of dist/sandbox/ (beside this module in dist/, or dist/ of the package when run from
 * src/ in tests): its CommonJS bundle when the build made one (dist/sandbox/bundle/, made by
 * scripts/bundle-cli.mjs: it starts without node's ES module loader, about 30 ms sooner, once per
 * replayed scenario), else the ES module itself.
 */
export function sandboxScript(name: string): string {
  const folder = fileURLToPath(import.meta.url).endsWith(".ts") ? new URL("../../dist/sandbox/", import.meta.url) : new URL("./", import.meta.url);
  const bundled = fileURLToPath(new URL(`bundle/${name.replace(/\.js$/, ".cjs")}`, folder));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL(name, folder));
}

/** The machine's last allocated pid (its PID namespace's `ns_last_pid`), or 0 when it cannot be read. */
function machineLastPid(): number {
  try {
    const value = Number(readFileSync("/proc/sys/kernel/ns_last_pid", "utf8").trim());
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}
