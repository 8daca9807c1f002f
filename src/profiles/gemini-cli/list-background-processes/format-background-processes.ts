import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";

/** A background command as the observation carries it (the session's history, spec §16.3). */
interface BackgroundProcess {
  command: string;
  ended: "before-delay" | "near-delay" | "running";
  pid?: number;
}

/** The same wrapper test as the CLI's `stripShellWrapper` (a `bash -c …` command is listed unwrapped). @see spec §16.3 */
const SHELL_WRAPPER = /^\s*(?:(?:(?:\S+\/)?(?:sh|bash|zsh))\s+-c|cmd\.exe\s+\/c|powershell(?:\.exe)?\s+(?:-NoProfile\s+)?-Command|pwsh(?:\.exe)?\s+(?:-NoProfile\s+)?-Command)\s+/i;

/**
 * list_background_processes and read_background_output over the session's history of commands
 * moved to the background. A command that had ended well before its delay stays `RUNNING` (the
 * CLI records it only at the delay, after its exit was handled) and its log is empty; a command
 * still running at its delay (its later status and log depend on when it ends, which the replay,
 * ending it at the delay, does not learn), one that ended near its delay (a race), and a command
 * in a shell wrapper (listed unwrapped) are not modelled.
 * @see docs/spec/gemini-cli-0.61.0.md §16.3 [bundle: packages/core/src/tools/shellBackgroundTools.ts, services/shellExecutionService.ts `background`]
 */
export function formatBackgroundTool(tool: "list_background_processes" | "read_background_output", callInput: unknown, observation: Record<string, unknown>): GeminiCliResult {
  const paramsError = geminiParamsError(tool, callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const processes = backgroundProcesses(tool, observation);
  if (tool === "list_background_processes") {
    if (processes.length === 0) return geminiOutput("No background processes found.");
    processes.forEach(modelledEntry);
    // the pids are the agent's (redacted, spec §13); a missing one is written as the token
    return geminiOutput(processes.map((entry) => `- [PID ${entry.pid ?? "[PID]"}] RUNNING: \`${entry.command}\``).join("\n"));
  }
  const pid = geminiInput(callInput).pid;
  const entry = processes.find((candidate) => candidate.pid === pid);
  if (entry === undefined) {
    if (processes.some((candidate) => candidate.pid === undefined))
      throw new UnsupportedError(`${tool}: which background command pid ${String(pid)} names is not known (the agent's pid of a background command was not adopted, spec §16.3)`);
    return geminiError(`Background process history lookup failed for PID ${String(pid)}`);
  }
  modelledEntry(entry);
  return geminiOutput("Log is empty.");
}

function backgroundProcesses(tool: string, observation: Record<string, unknown>): BackgroundProcess[] {
  const processes = observation.backgroundProcesses;
  if (!Array.isArray(processes)) throw new UnsupportedError(`${tool}: the observation lacks the session's background commands (backgroundProcesses)`);
  return processes as BackgroundProcess[];
}

/** Throws `unsupported` naming the rule an entry's text would follow when it is not modelled. */
function modelledEntry(entry: BackgroundProcess): void {
  if (entry.ended === "running")
    throw new UnsupportedError(
      `gemini-cli: a command still running when moved to the background (\`${entry.command}\`): its later status (EXITED, exit code, signal) and its log depend on when it ends, which the replay (it ends the command at its delay) does not learn (spec §16.3)`,
    );
  if (entry.ended === "near-delay")
    throw new UnsupportedError(`gemini-cli: a background command that ended near its delay (\`${entry.command}\`): whether the CLI saw it end first is a race (spec §16.3)`);
  if (SHELL_WRAPPER.test(entry.command))
    throw new UnsupportedError(`gemini-cli: a background command in a shell wrapper (\`${entry.command}\`) is listed unwrapped by stripShellWrapper, which is not modelled (spec §16.3)`);
}
