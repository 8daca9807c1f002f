import { BASH_DEFAULT_TIMEOUT_MS } from "../../opencode-shared/run-bash.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { BashObservation } from "../format-observations.js";
import { ToolFailure, type ToolOutcome } from "../result/format-result.js";
import { truncateBashTail } from "../truncate/truncate-bash-tail.js";

/** bash's v1 parameters. */
export interface BashInput {
  command: string;
  timeout?: number;
  workdir?: string;
}

/**
 * v1 bash: the merged output treated as one complete stream, tail-truncated; the
 * `...output truncated...` header whenever the tail cut anything (with a complete stream the
 * capture's file exists exactly then: bytes > maxBytes writes it in step 2, and any other cut
 * writes it in step 4); `(no output)` for an empty tail; `<shell_metadata>` for timeout and
 * abort; no exit code. Title = the command.
 * @see spec §2.1, README "bash", "bash truncation keeps the tail"
 */
export function formatBash(input: BashInput, observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  if (input.timeout !== undefined && input.timeout < 0) {
    throw new ToolFailure(`Invalid timeout value: ${input.timeout}. Timeout must be a positive number.`);
  }
  failOnErrorObservation(observation);
  const bash = observation as unknown as BashObservation;
  const { maxLines, maxBytes } = context.limits;
  const tail = truncateBashTail(bash.output, maxLines, maxBytes);
  const outputPath = tail.cut ? context.store.write(bash.output) : undefined;
  let output = tail.text === "" ? "(no output)" : tail.text;
  if (outputPath !== undefined) output = `...output truncated...\n\nFull output saved to: ${outputPath}\n\n${output}`;
  output += shellMetadata(input, bash);
  return { title: input.command, output, truncated: tail.cut, ...(outputPath === undefined ? {} : { outputPath }) };
}

/**
 * `⏎⏎<shell_metadata>⏎…⏎</shell_metadata>` for a timeout and/or an abort (timeout first), else "".
 * @see spec §2.1 step 7
 */
export function shellMetadata(input: BashInput, observation: BashObservation): string {
  const lines: string[] = [];
  if (observation.timedOut === true) {
    const timeout = input.timeout ?? BASH_DEFAULT_TIMEOUT_MS;
    lines.push(
      `shell tool terminated command after exceeding timeout ${timeout} ms. If this command is expected to take longer and is not waiting for interactive input, retry with a larger timeout value in milliseconds.`,
    );
  }
  if (observation.aborted === true) lines.push("User aborted the command");
  return lines.length === 0 ? "" : `\n\n<shell_metadata>\n${lines.join("\n")}\n</shell_metadata>`;
}
