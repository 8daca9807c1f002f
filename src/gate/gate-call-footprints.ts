import type { EnvironmentFact } from "../environment/environment-fact.js";

/** Paths, or `any` when they cannot be known (a command may read or write anything). */
export type PathSet = ReadonlySet<string> | "any";

/** What the replay of one call touched: the paths it depended on, and the paths it changed. */
export interface CallFootprint {
  /** Read, stated, listed or written by the call; `any` when it ran a command. */
  touched: PathSet;
  /** Changed by the call (written, created, removed); empty when it changed nothing. */
  wrote: PathSet;
}

type MutablePathSet = Set<string> | "any";

const addPath = (map: Map<string, MutablePathSet>, id: string, path: string | "any") => {
  const set = map.get(id) ?? new Set<string>();
  if (set === "any") return;
  map.set(id, path === "any" ? "any" : set.add(path));
};

/**
 * Collects each replayed call's footprint from the environment's facts (the paths a profile read,
 * stated, listed or wrote through the port) and, when the replay is sandboxed, from what its
 * overlay shows the call wrote — so a command that only reads (`rg`, `printf`, `seq | sed`)
 * changes nothing. Unconfined, what a call wrote is its file-written facts, and a command may
 * have changed anything.
 */
export function createCallFootprints() {
  const touched = new Map<string, MutablePathSet>();
  const factWrites = new Map<string, MutablePathSet>();
  const wrote = new Map<string, MutablePathSet>();
  let running = "";
  return {
    /** The call `id` starts: facts recorded from now on are its own. */
    start(id: string) {
      running = id;
      if (!touched.has(id)) touched.set(id, new Set());
    },
    record(fact: EnvironmentFact) {
      switch (fact.kind) {
        case "path-stated":
        case "file-read":
        case "directory-listed":
          addPath(touched, running, fact.path);
          return;
        case "file-written":
          addPath(touched, running, fact.path);
          if (fact.failure === undefined) addPath(factWrites, running, fact.path);
          return;
        case "command-ran":
          addPath(touched, running, "any");
          // a program the profile runs only to read (ripgrep for a search) changes nothing, even unconfined
          if (fact.readOnly !== true) addPath(factWrites, running, "any");
          return;
        case "page-fetched":
          return;
        default: {
          const _exhaustive: never = fact;
          return _exhaustive;
        }
      }
    },
    /** The call `id` has run: `changed` is what the sandbox's overlay shows it wrote, or undefined when the replay is unconfined. */
    finish(id: string, changed: readonly string[] | undefined) {
      if (changed === undefined) wrote.set(id, factWrites.get(id) ?? new Set());
      else wrote.set(id, new Set(changed));
    },
    of(id: string): CallFootprint {
      return { touched: touched.get(id) ?? new Set(), wrote: wrote.get(id) ?? factWrites.get(id) ?? new Set() };
    },
  };
}

/** Whether a call that touched `touched` may depend on what an earlier call changed (`wrote`): the same path, or one inside the other. */
export function pathsMeet(wrote: PathSet, touched: PathSet): boolean {
  if (wrote !== "any" && wrote.size === 0) return false;
  if (wrote === "any" || touched === "any") return true;
  for (const written of wrote) {
    for (const path of touched) {
      if (path === written || written.startsWith(`${path}/`) || path.startsWith(`${written}/`)) return true;
    }
  }
  return false;
}
