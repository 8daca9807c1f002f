import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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
 * The set-up run as the namespace's first process: every mount of the sandbox from its mount table
 * in one `mount -a` (a process start costs 3–4 ms on a small VM and does not scale across cores;
 * one per mount was six per replayed scenario), loopback up, then the program, chrooted, without
 * the shell's own variables. When a mount fails, the table without /sys is mounted again (mount -a
 * skips what is already mounted): a new sysfs is refused in some containers and the sandbox does
 * without it; any other failure is said by that second run and ends the set-up.
 */
const SETUP = `set -eu
root=$1; control=$2; lastpid=$3; shift 3
# pids as long as the machine's (a PID namespace starts at 1, and agents' texts hold pids whose
# length moves truncation budgets): the namespace's next pid follows the machine's last one
if [ "$lastpid" -gt 0 ]; then echo "$lastpid" > /proc/sys/kernel/ns_last_pid 2>/dev/null || true; fi
mount -a -T "$control/mounts" 2>/dev/null || mount -a -T "$control/mounts-without-sys"
ip link set lo up
unset PWD OLDPWD
exec chroot "$root" "$@"
`;

/** A path as a mount table (fstab) field: blanks as octal escapes. */
const tableField = (path: string) => path.replace(/[ \t]/g, (blank) => `\\${blank.charCodeAt(0).toString(8).padStart(3, "0")}`);

/**
 * The sandbox's mount table (fstab text, mounted in order): an overlay on each directory mount
 * (root first) with its layer under `control`, a read-only bind for each file mount, read-write
 * binds of `binds` (folders correx made) at their own paths, /dev bound with a fresh /dev/shm, a
 * new /proc, and — unless `withSys` is false — a read-only /sys. `userxattr` for an overlay made
 * in a user namespace (it keeps its own attributes as user.* xattrs, Linux ≥ 5.11). Pure.
 */
export function sandboxMountTable(layout: Pick<SandboxLayout, "control" | "root" | "mounts">, binds: readonly string[], options: { userNamespace: boolean; withSys: boolean }): string {
  const { control, root } = layout;
  const at = (path: string) => tableField(path === "/" ? root : `${root}${path}`);
  const lines = layout.mounts.map((mount, index) => {
    if (mount.kind === "file") return `${tableField(mount.path)} ${at(mount.path)} none bind,ro 0 0`;
    const layer = `${control}/layers/${index}`;
    const overlay = `lowerdir=${mount.path},upperdir=${layer}/upper,workdir=${layer}/work${options.userNamespace ? ",userxattr" : ""}`;
    return `overlay ${at(mount.path)} overlay ${tableField(overlay)} 0 0`;
  });
  for (const path of binds) lines.push(`${tableField(path)} ${at(path)} none bind 0 0`);
  lines.push(`/dev ${at("/dev")} none rbind 0 0`, `tmpfs ${at("/dev/shm")} tmpfs mode=1777 0 0`, `proc ${at("/proc")} proc defaults 0 0`);
  if (options.withSys) lines.push(`sysfs ${at("/sys")} sysfs ro 0 0`);
  return `${lines.join("\n")}\n`;
}

/**
 * The arguments of `unshare` that run `program` (inside the chroot) in new mount, PID and network
 * namespaces on the layout's overlay, with `binds` (existing folders correx made) writable for
 * real; writes the sandbox's mount tables into the layout's folder. The namespace's first process
 * is the program itself: when it ends, the kernel kills every process left in it; `--kill-child`
 * ends it when unshare is killed. The program starts with PATH (correx's) in its environment and
 * nothing of the caller's: spawn unshare with `env: { PATH: SANDBOX_PATH }`.
 */
export function sandboxUnshareArgs(layout: SandboxLayout, binds: readonly string[], program: readonly string[]): string[] {
  const bad = binds.find((path) => OPTION_BREAKERS.test(path));
  if (bad) throw new SandboxUnavailableError(`the folder ${JSON.stringify(bad)} has a character the sandbox's set-up cannot hold`);
  const userNamespace = process.getuid?.() !== 0;
  writeFileSync(join(layout.control, "mounts"), sandboxMountTable(layout, binds, { userNamespace, withSys: true }));
  writeFileSync(join(layout.control, "mounts-without-sys"), sandboxMountTable(layout, binds, { userNamespace, withSys: false }));
  return [
    "--mount",
    "--pid",
    "--net",
    "--fork",
    "--kill-child",
    "--propagation",
    "private",
    ...(userNamespace ? ["--user", "--map-root-user"] : []),
    "/bin/sh",
    "-c",
    SETUP,
    "correx-sandbox",
    layout.root,
    layout.control,
    String(machineLastPid()),
    ...program,
  ];
}

/**
 * What a sandbox that ended early said, in one line: the first failed mount when a mount failed
 * (`mount -a` goes on after a failure, and what follows it is its echo: mount points inside the
 * missing overlay), else its last three lines; mount's "dmesg(1) may have more" hints dropped.
 */
export function sandboxSetupSaid(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("dmesg(1) may have more information"));
  const mount = lines.find((line) => line.startsWith("mount: "));
  return mount ?? lines.slice(-3).join("; ");
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
