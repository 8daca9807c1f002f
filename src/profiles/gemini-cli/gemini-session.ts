import type { EnvironmentPort } from "../environment-port.js";

/**
 * What a Gemini CLI session remembers between calls and the profile models: whether plan mode
 * was entered, the active topic and intent (update_topic), how many commands were moved to the
 * background (list_background_processes, read_background_output). One per environment, which
 * the gate makes once per scenario run: the calls of a run share it, in the order they run.
 * @see docs/spec/gemini-cli-0.61.0.md §16
 */
export interface GeminiSession {
  planMode: boolean;
  topic?: string;
  intent?: string;
  /** The commands moved to the background, in the order they were (the CLI keeps the last 100). */
  background: BackgroundEntry[];
  /** GEMINI.md files below the workspace root already appended to a result (JIT memory). */
  loadedMemory: Set<string>;
  /** When the session's first call was observed: files modified before it were laid out with the workspace. */
  startedAt: number;
  /** Folders activated skills added to the workspace directories, in activation order (§16.4). */
  addedDirectories: string[];
}

/**
 * One command moved to the background, as the session's history holds it (spec §16.3): the
 * command as listed (trimmed), whether the replay saw it end well before its delay (the CLI's
 * history then never learns it ended, and its log stays empty), or near the delay (a race), and
 * the pid the agent reported for it (adopted from the agent's result by the gate; without it a
 * pid cannot be matched to the command).
 */
export interface BackgroundEntry {
  command: string;
  ended: "before-delay" | "near-delay" | "running";
  pid?: number;
}

/** The CLI's history holds at most this many background commands, dropping the oldest. @see spec §16.3 */
export const BACKGROUND_HISTORY_SIZE = 100;

const sessions = new WeakMap<object, GeminiSession>();
const backgroundEntries = new WeakMap<object, BackgroundEntry>();

/** Remembers that this shell observation moved `entry` to the background (its pid is adopted later). */
export function noteBackgroundEntry(observation: object, entry: BackgroundEntry): void {
  backgroundEntries.set(observation, entry);
}

/** The background entry a shell observation made, if any. */
export function backgroundEntryOf(observation: object): BackgroundEntry | undefined {
  return backgroundEntries.get(observation);
}

/** The session of the run this environment belongs to. */
export function geminiSession(environment: EnvironmentPort): GeminiSession {
  let session = sessions.get(environment);
  if (session === undefined) {
    session = { planMode: false, background: [], loadedMemory: new Set(), startedAt: Date.now(), addedDirectories: [] };
    sessions.set(environment, session);
  }
  return session;
}
