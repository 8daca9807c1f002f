import type { CommandRunObservation } from "../../../generated/schema-types.js";
import { decodeBase64 } from "../../../text/base64.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { LINUX_SIGNAL_NUMBERS } from "../../linux-signal-numbers.js";
import { UnsupportedError } from "../../profile.js";
import { approxTokensFromBytes, formattedTruncateText, truncateMiddleTokens } from "../truncate/codex-truncate.js";
import { headTailCapture } from "./head-tail-capture.js";

/** The token budget of exec output for gpt-5.5: 10000, and no request gets more. @see spec §3.2 */
export const EXEC_MAX_OUTPUT_TOKENS = 10000;

/**
 * The text of an exec_command / write_stdin result:
 * `Chunk ID: <id>⏎Wall time: <s.ffff> seconds⏎` then `Process exited with code <n>⏎` (a signal
 * death: 128 + the signal's number) or `Process running with session ID <id>⏎`, then
 * `Original token count: <ceil(raw bytes / 4)>⏎Output:⏎` and the output: the bytes decoded lossily
 * (U+FFFD per invalid sequence), control bytes kept, cut to min(max_output_tokens, 10000) tokens
 * by `formattedTruncateText`. Past Codex's 1 MiB capture only its head and tail reach the cut
 * (head-tail-capture.ts), and the warning's second line names the bytes omitted.
 * @see spec §2.2, §3.2, §3.4 (observed bytes; source codex-rs/core/src/tools/context.rs `ExecCommandToolOutput`)
 */
export function execOutputText(observation: CommandRunObservation, maxOutputTokens: number | undefined): string {
  const raw = observation.outputBase64 !== undefined ? decodeBase64(observation.outputBase64) : undefined;
  const budget = Math.min(maxOutputTokens ?? EXEC_MAX_OUTPUT_TOKENS, EXEC_MAX_OUTPUT_TOKENS);
  const lines = [`Chunk ID: ${observation.chunkId ?? "000000"}`, `Wall time: ${(observation.wallTimeSeconds ?? 0).toFixed(4)} seconds`];
  if (observation.running) lines.push(`Process running with session ID ${observation.sessionId ?? 1000}`);
  else if (observation.exitCode !== undefined && observation.exitCode !== null) lines.push(`Process exited with code ${observation.exitCode}`);
  else if (observation.signal !== undefined) {
    // a command a signal ended exits with code 128 + its number (spec §2.2; observed SIGINT 130, SIGKILL 137, SIGTERM 143)
    const number = LINUX_SIGNAL_NUMBERS[observation.signal];
    if (number === undefined) throw new UnsupportedError(`codex-cli: the number of ${observation.signal} is not modelled`);
    lines.push(`Process exited with code ${128 + number}`);
  }
  const captured = headTailCapture(raw ?? new TextEncoder().encode(observation.output ?? ""));
  if (captured !== null) {
    const block = `Warning: truncated output (original token count: ${approxTokensFromBytes(captured.totalBytes)})\n... ${captured.omittedBytes} bytes omitted ...\n\n${truncateMiddleTokens(captured.text, budget)}`;
    lines.push(`Original token count: ${approxTokensFromBytes(captured.totalBytes)}`, "Output:", block);
    return lines.join("\n");
  }
  const text = raw !== undefined ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(raw) : (observation.output ?? "");
  const rawLength = raw !== undefined ? raw.length : utf8Length(text);
  lines.push(`Original token count: ${approxTokensFromBytes(rawLength)}`, "Output:", formattedTruncateText(text, budget));
  return lines.join("\n");
}
