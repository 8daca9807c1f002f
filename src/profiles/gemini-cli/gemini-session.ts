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
  backgroundCommands: number;
  /** GEMINI.md files below the workspace root already appended to a result (JIT memory). */
  loadedMemory: Set<string>;
  /** When the session's first call was observed: files modified before it were laid out with the workspace. */
  startedAt: number;
}

const sessions = new WeakMap<object, GeminiSession>();

/** The session of the run this environment belongs to. */
export function geminiSession(environment: EnvironmentPort): GeminiSession {
  let session = sessions.get(environment);
  if (session === undefined) {
    session = { planMode: false, backgroundCommands: 0, loadedMemory: new Set(), startedAt: Date.now() };
    sessions.set(environment, session);
  }
  return session;
}
