import type { CommandStreamsObservation } from "../../../generated/schema-types.js";
import { LINUX_SIGNAL_NUMBERS } from "../../linux-signal-numbers.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
import { type GeminiPlace, placeViolation } from "../gemini-workspace.js";
import { truncateShellOutput } from "../truncate/truncate-shell-output.js";
import { hasCommandSubstitution } from "./shell-command-substitution.js";
import { shellOutputText } from "./shell-output-text.js";
import { wrapUntrusted } from "./wrap-untrusted.js";

/** The refusal of a command holding command substitution (an output, not an error). @see spec §2.7 */
export const COMMAND_SUBSTITUTION_REFUSAL =
  "Command injection detected: command substitution syntax ($(), backticks, <() or >()) found in command arguments. On PowerShell, @() array subexpressions and $() subexpressions are also blocked. This is a security risk and the command was blocked.";

/**
 * run_shell_command's result: refusals first (arguments, empty command, command substitution),
 * then the observed run as `Output:` / `Exit Code:` / `Signal:` / `Background PIDs:` /
 * `Process Group PGID:` lines, wrapped, then truncated. The PGID line is written only for a
 * known, non-zero pid (the CLI tests `result.pid` for truth), and is redacted in comparisons.
 * @see docs/spec/gemini-cli-0.61.0.md §2.2–2.7
 */
export function formatShellCommand(callInput: unknown, observation: CommandStreamsObservation, store: OutputStorePort, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("run_shell_command", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const input = geminiInput(callInput);
  const command = input.command as string;
  if (!command.trim()) return geminiError("Command cannot be empty.");
  if (hasCommandSubstitution(command)) return geminiOutput(COMMAND_SUBSTITUTION_REFUSAL);
  // dir_path resolved against the workspace (no links resolved) must be inside it. §2.7
  const violation = placeViolation(typeof input.dir_path === "string" && input.dir_path !== "" ? input.dir_path : ".", place);
  if (violation !== null) return geminiError(violation);
  if (observation.spawnFailure !== undefined) return geminiError(observation.spawnFailure);
  // SIGINT to the command's own shell: the binary reported it ended by the signal once and not at
  // all in two other runs of the same call (differential seeds 28201, 28202): a race. §14
  if (/\bkill\s+-(?:INT|SIGINT|2)\s+\$\$/.test(command)) {
    throw new UnsupportedError(
      "gemini-cli: run_shell_command: a command that sends SIGINT to its own shell (kill -INT $$) ends by the signal or not in different runs of the binary (a race of bash's SIGINT handling), which is not modelled (spec §14)",
    );
  }
  const pid = observation.pid ?? 0;
  // A background command is reported as moved to the background whether or not it ended within
  // the delay (the CLI backgrounds it at the delay, before it looks). §2.6
  if (input.is_background === true || observation.running) return geminiOutput(wrapUntrusted(`Command moved to background (PID: ${pid}). Output hidden. Press Ctrl+B to view.`));
  if (observation.chunks === undefined)
    throw new UnsupportedError(
      'run_shell_command: the observation has no "chunks": gemini-cli\'s shell observation is {"chunks": [{"stream": "stdout" | "stderr", "base64": <the bytes read>}], "exitCode", "signal", "pid"} (the bytes the CLI read, per stream and in order; docs/spec/gemini-cli-0.61.0.md §2.1)',
    );
  const text = shellOutputText(observation.chunks);
  const lines = [`Output: ${text || "(empty)"}`];
  if (observation.exitCode !== null && observation.exitCode !== undefined && observation.exitCode !== 0) lines.push(`Exit Code: ${observation.exitCode}`);
  if (observation.signal) {
    // the number from os.constants.signals (spec §2.3)
    const number = LINUX_SIGNAL_NUMBERS[observation.signal];
    if (number === undefined) throw new UnsupportedError(`run_shell_command: signal ${observation.signal} has no known number`);
    lines.push(`Signal: ${number}`);
  }
  const jobs = (observation.jobs ?? []).filter((job) => job !== pid);
  if (jobs.length > 0) lines.push(`Background PIDs: ${jobs.join(", ")}`);
  if (pid) lines.push(`Process Group PGID: ${pid}`);
  return geminiOutput(truncateShellOutput(wrapUntrusted(lines.join("\n")), store).text);
}
