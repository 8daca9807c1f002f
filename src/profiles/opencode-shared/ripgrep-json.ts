import { utf8LengthAtMost } from "../../text/utf8-length.js";

/** One ripgrep `--json` match, as grep's observation holds it (schemas/observations/grep.json). */
export interface RipgrepMatch {
  /** The path ripgrep printed (relative to its working directory unless it was given absolute paths). */
  path: string;
  line: number;
  /** `lines.text`, line terminator included (or `lines.bytes` decoded when ripgrep sent bytes). */
  text: string;
}

/**
 * Parses ripgrep's `--json` output (one JSON message per line) into its matches, in output order.
 * Lines that are not match messages (begin, end, context, summary) are skipped.
 * @see spec §2.5 (match text = `lines.text`, order = ripgrep's), README "grep match text"
 */
export function parseRipgrepJson(output: string): RipgrepMatch[] {
  const matches: RipgrepMatch[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    const message = JSON.parse(line) as { type?: string; data?: Record<string, unknown> };
    if (message.type !== "match" || !message.data) continue;
    const data = message.data as { path?: RipgrepData; lines?: RipgrepData; line_number?: number };
    matches.push({ path: ripgrepText(data.path), line: data.line_number ?? 0, text: ripgrepText(data.lines) });
  }
  return matches;
}

type RipgrepData = { text?: string; bytes?: string } | undefined;

/** ripgrep's arbitrary data: `{text}` when valid UTF-8, else `{bytes}` in base64 (decoded lossily). */
function ripgrepText(data: RipgrepData): string {
  if (data?.text !== undefined) return data.text;
  if (data?.bytes !== undefined) return new TextDecoder().decode(Uint8Array.from(atob(data.bytes), (c) => c.charCodeAt(0)));
  return "";
}

/** ripgrep's `--files` output (one path per line, `\n`-terminated) as a list. @see spec §2.6 */
export function parseRipgrepFiles(output: string): string[] {
  return output.split("\n").filter((line) => line.length > 0);
}

/** The longest JSON record opencode's ripgrep service parses (bundle `T1`). */
const MAX_RECORD_BYTES = 65536;

/**
 * Why opencode's ripgrep service fails on grep output that ripgrep itself printed fine, reading
 * records in order until `limit + 1` matches: a record over 64 KiB (`Ripgrep JSON record exceeded
 * 65536 bytes`), or a match whose path, line or a submatch is not UTF-8 text (ripgrep then sends
 * `bytes`; the service's schema wants `text`: `Invalid ripgrep match output`). Undefined when the
 * output decodes.
 * @see the 1.18.33 bundle (`@opencode/v2/Ripgrep`: T1, u$); differential seed 6001 (`é` matched in a file with an invalid byte)
 */
export function ripgrepServiceFailure(output: string, limit: number): string | undefined {
  let matches = 0;
  for (const line of output.split("\n")) {
    if (line.length === 0) continue;
    if (!utf8LengthAtMost(line, MAX_RECORD_BYTES)) return `Ripgrep JSON record exceeded ${MAX_RECORD_BYTES} bytes`;
    let message: { type?: unknown; data?: { path?: { text?: unknown }; lines?: { text?: unknown }; submatches?: { match?: { text?: unknown } }[] } };
    try {
      message = JSON.parse(line);
    } catch {
      return "Invalid ripgrep JSON output";
    }
    if (message?.type !== "match") continue;
    const data = message.data;
    const text = (value: unknown) => typeof value === "string";
    if (!text(data?.path?.text) || !text(data?.lines?.text) || !(data?.submatches ?? []).every((submatch) => text(submatch?.match?.text))) return "Invalid ripgrep match output";
    matches++;
    if (matches > limit) return undefined;
  }
  return undefined;
}
