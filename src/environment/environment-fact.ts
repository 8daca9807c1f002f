import type { CommandRunFact, CommandSpec, FsFailure, PathFact } from "../profiles/environment-port.js";

/**
 * One entry of a run's fact log: what the environment did for a profile, in the shared
 * vocabulary (no agent's tool names). Sizes stand for bytes so that a log stays small.
 */
export type EnvironmentFact =
  | { kind: "path-stated"; path: string; fact: PathFact }
  | { kind: "file-read"; path: string; size?: number; failure?: FsFailure }
  | { kind: "directory-listed"; path: string; entries?: number; failure?: FsFailure }
  | { kind: "file-written"; path: string; size: number; failure?: FsFailure }
  | { kind: "command-ran"; file: string; args: string[]; cwd: string; exitCode: number | null; signal: string | null; timedOut: boolean; bytes: number; readOnly?: true }
  | { kind: "page-fetched"; url: string; status?: number; size?: number; failure?: string };

/** The fact of one program run to its end: what ran, where, how it ended and how many bytes it wrote. */
export function commandRanFact(command: CommandSpec, fact: CommandRunFact): EnvironmentFact {
  return {
    kind: "command-ran",
    file: command.file,
    args: [...command.args],
    cwd: command.cwd,
    exitCode: fact.exitCode,
    signal: fact.signal,
    timedOut: fact.timedOut,
    bytes: fact.chunks.reduce((sum, chunk) => sum + chunk.bytes.length, 0),
    ...(command.readOnly === true ? { readOnly: true as const } : {}),
  };
}
