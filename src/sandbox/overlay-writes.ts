import { type BigIntStats, lstatSync, readdirSync } from "node:fs";

/** Whether the machine itself (outside any sandbox) has something at `path`; a link counts, unfollowed. */
function existsOnMachine(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

import { join } from "node:path";
import type { SandboxMount } from "./sandbox-mounts.js";

/** One path a sandbox wrote: created or changed (`written`), or removed (`deleted`, an overlay whiteout). */
export interface OverlayWrite {
  path: string;
  change: "written" | "deleted";
}

/** One entry of an overlay upper layer: where it is on the machine (`host`), the path it has inside the sandbox, and its lstat. */
interface UpperEntry {
  host: string;
  path: string;
  stats: BigIntStats;
}

/**
 * Walks every mount's upper layer (`<control>/layers/<n>/upper` for mount n), never following a
 * link: `enter` sees each entry and says whether to walk into a directory; `leave` sees a
 * directory once its entries are done. A deeper mount's layer owns its paths: a parent layer's
 * entry at a child mount point is only the mount point, and is skipped.
 */
function walkUpperLayers(control: string, mounts: readonly SandboxMount[], enter: (entry: UpperEntry) => boolean, leave: (entry: UpperEntry) => void = () => {}): void {
  const mountPoints = new Set(mounts.map((mount) => mount.path));
  mounts.forEach((mount, index) => {
    const walk = (directory: string, inside: string) => {
      let names: string[];
      try {
        names = readdirSync(directory);
      } catch {
        return;
      }
      for (const name of names) {
        const host = join(directory, name);
        const path = inside === "/" ? `/${name}` : `${inside}/${name}`;
        if (mountPoints.has(path) && path !== mount.path) continue;
        let stats: BigIntStats;
        try {
          stats = lstatSync(host, { bigint: true });
        } catch {
          continue;
        }
        const entry = { host, path, stats };
        if (enter(entry) && stats.isDirectory()) {
          walk(host, path);
          leave(entry);
        }
      }
    };
    walk(join(control, "layers", String(index), "upper"), mount.path);
  });
}

/**
 * What a sandbox wrote on the machine's files, read from its overlay's upper layers: each file,
 * link or whiteout there, each directory that holds nothing else, and each folder the machine does
 * not have (once, ending in `/`, not its contents), as the absolute path it had inside. Paths under
 * `allowed` (the folders the sandboxed program may write) are left out. Sorted; never follows a link.
 */
export function overlayWrites(control: string, mounts: readonly SandboxMount[], allowed: readonly string[]): OverlayWrite[] {
  const writes: OverlayWrite[] = [];
  const isAllowed = (path: string) => allowed.some((folder) => path === folder || path.startsWith(`${folder}/`));
  // how many writes were known when each folder the walk went into was entered
  const writesBefore = new Map<string, number>();
  walkUpperLayers(
    control,
    mounts,
    ({ path, stats }) => {
      if (stats.isDirectory()) {
        // A folder the machine does not have was made in the sandbox: it is reported once, as a folder.
        if (!existsOnMachine(path)) {
          if (!isAllowed(path)) writes.push({ path: `${path}/`, change: "written" });
          return false;
        }
        writesBefore.set(path, writes.length);
        return true;
      }
      if (isAllowed(path)) return false;
      const whiteout = stats.isCharacterDevice() && stats.rdev === 0n;
      writes.push({ path, change: whiteout ? "deleted" : "written" });
      return false;
    },
    ({ host, path }) => {
      if (writes.length === writesBefore.get(path) && readdirSync(host).length === 0 && !isAllowed(path)) writes.push({ path, change: "written" });
    },
  );
  return writes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * What a sandbox has written, as a snapshot: every file, link and whiteout of its overlay upper
 * layers (the run directory included), each with what changes when it is written again (kind,
 * size, mode, modification time in nanoseconds). Directories are left out: a folder appears in an
 * upper layer whenever something below it is first written (copy-up), and its time changes with
 * its entries, which are in the snapshot themselves. Never follows a link.
 */
export function overlaySnapshot(control: string, mounts: readonly SandboxMount[]): Map<string, string> {
  const snapshot = new Map<string, string>();
  walkUpperLayers(control, mounts, ({ path, stats }) => {
    if (stats.isDirectory()) return true;
    snapshot.set(path, `${stats.isSymbolicLink() ? "l" : stats.isCharacterDevice() ? "c" : "f"}:${stats.size}:${stats.mode}:${stats.mtimeNs}`);
    return false;
  });
  return snapshot;
}

/** The paths whose entry differs between two snapshots (written, changed or removed), sorted. */
export function snapshotChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const changed = new Set<string>();
  for (const [path, entry] of after) if (before.get(path) !== entry) changed.add(path);
  for (const path of before.keys()) if (!after.has(path)) changed.add(path);
  return [...changed].sort();
}
