import { readFileSync, statSync } from "node:fs";

/** One mount of the machine that a sandbox lays an overlay on (or binds read-only, for a file). */
export interface SandboxMount {
  /** Where it is mounted, as an absolute path ("/" for the root). */
  path: string;
  /** A directory gets an overlay (writes land in the sandbox's upper layer); a file is bound read-only. */
  kind: "directory" | "file";
}

/** File systems a sandbox never overlays: kernel views it makes anew (/proc, /sys) or that hold no files. */
const VIRTUAL = new Set([
  "proc",
  "sysfs",
  "devtmpfs",
  "devpts",
  "mqueue",
  "cgroup",
  "cgroup2",
  "securityfs",
  "debugfs",
  "tracefs",
  "pstore",
  "bpf",
  "autofs",
  "binfmt_misc",
  "hugetlbfs",
  "fusectl",
  "configfs",
  "efivarfs",
  "nsfs",
  "rpc_pipefs",
  "ramfs",
]);

/** Trees the sandbox makes itself (a new /proc, /sys and /dev/shm; /dev bound). */
const OWN_TREES = ["/proc", "/sys", "/dev"];

/** A mountinfo path field with its octal escapes (`\040` for a space) undone. */
function unescapeMountPath(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/**
 * The mounts of this process's view (`/proc/self/mountinfo` text), parents before children, that a
 * sandbox must lay an overlay on so that every file of the machine is there to read and no write
 * reaches it. Pure: `kindOf` says whether a mount point is a directory.
 */
export function sandboxMounts(mountinfo: string, kindOf: (path: string) => "directory" | "file" | "missing"): SandboxMount[] {
  const mounts: SandboxMount[] = [];
  const seen = new Set<string>();
  for (const line of mountinfo.split("\n")) {
    const fields = line.split(" ");
    const separator = fields.indexOf("-");
    if (separator < 5 || fields[4] === undefined) continue;
    const path = unescapeMountPath(fields[4]);
    const type = fields[separator + 1] ?? "";
    if (VIRTUAL.has(type) || type.startsWith("fuse")) continue;
    if (OWN_TREES.some((tree) => path === tree || path.startsWith(`${tree}/`))) continue;
    if (seen.has(path)) continue; // stacked mounts: the last one is what is visible, and it is the same path
    const kind = kindOf(path);
    if (kind === "missing") continue;
    seen.add(path);
    mounts.push({ path, kind });
  }
  const depth = (path: string) => (path === "/" ? 0 : path.split("/").length);
  return mounts.sort((a, b) => depth(a.path) - depth(b.path));
}

/** The mounts of this machine a sandbox overlays (see sandboxMounts). */
export function machineSandboxMounts(): SandboxMount[] {
  const mountinfo = readFileSync("/proc/self/mountinfo", "utf8");
  return sandboxMounts(mountinfo, (path) => {
    try {
      return statSync(path).isDirectory() ? "directory" : "file";
    } catch {
      return "missing";
    }
  });
}
