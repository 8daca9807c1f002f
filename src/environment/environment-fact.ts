import type { FsFailure, PathFact } from "../profiles/environment-port.js";

/**
 * One entry of a run's fact log: what the environment did for a profile, in the shared
 * vocabulary (no agent's tool names). Sizes stand for bytes so that a log stays small.
 */
export type EnvironmentFact =
  | { kind: "path-stated"; path: string; fact: PathFact }
  | { kind: "file-read"; path: string; size?: number; failure?: FsFailure }
  | { kind: "directory-listed"; path: string; entries?: number; failure?: FsFailure }
  | { kind: "file-written"; path: string; size: number; failure?: FsFailure }
  | { kind: "command-ran"; file: string; args: string[]; cwd: string; exitCode: number | null; signal: string | null; timedOut: boolean; bytes: number }
  | { kind: "page-fetched"; url: string; status?: number; size?: number; failure?: string };
