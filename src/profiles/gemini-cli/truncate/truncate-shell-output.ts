import { groupThousands } from "../../../text/group-thousands.js";
import type { OutputStorePort } from "../../output-store-port.js";

/** Gemini CLI's tool output threshold in chars for gemini-2.5-pro in a short session. @see spec §2.4 */
export const GEMINI_TRUNCATE_THRESHOLD = 40000;

/**
 * The shell result as sent: unchanged up to the threshold; above it the full text is saved and
 * the model reads a header naming the saved file, the first 20% of the threshold, the omitted
 * count and the last 80% (chars = UTF-16 code units; numbers with en-US thousands separators).
 * @see docs/spec/gemini-cli-0.61.0.md §2.4 [bundle: fileUtils.ts formatTruncatedToolOutput]
 */
export function truncateShellOutput(text: string, store: OutputStorePort, threshold = GEMINI_TRUNCATE_THRESHOLD): { text: string; savedPath?: string } {
  if (threshold <= 0 || text.length <= threshold) return { text };
  const savedPath = store.write(text);
  const headChars = Math.floor(threshold * 0.2);
  const tailChars = threshold - headChars;
  const omitted = text.length - headChars - tailChars;
  const number = groupThousands;
  const out = `Output too large. Showing first ${number(headChars)} and last ${number(tailChars)} characters. For full output see: ${savedPath}\n${text.slice(0, headChars)}\n\n... [${number(omitted)} characters omitted] ...\n\n${text.slice(-tailChars)}`;
  return { text: out, savedPath };
}
