import { decodeBase64 } from "../../../text/base64.js";

/** The first bytes of a command's output that are sniffed for binary content. @see spec §2.2 */
const MAX_SNIFF_SIZE = 4096;
const SNIFF_SAMPLE = 512;

/** strip-ansi's pattern (ansi-regex: OSC strings and CSI sequences). @see spec §2.2 step 3 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: it matches ANSI escape sequences, which start with control characters
const ANSI = /(?:\u001B\][\s\S]*?(?:\u0007|\u001B\u005C|\u009C))|[\u001B\u009B][[\]()#;?]*(?:\d{1,4}(?:[;:]\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~]/g;

/** Removes ANSI escape sequences as strip-ansi does. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

/**
 * A command's output text as Gemini CLI builds it from its pipes: each stream decoded by its own
 * streaming UTF-8 decoder, decoded chunks appended in arrival order, stdout's decoder flushed
 * before stderr's at the end; once the first sniffed bytes (up to 4096, checked on their first 512)
 * hold a NUL, nothing more is appended; then ANSI stripped and the text trimmed.
 * @see docs/spec/gemini-cli-0.61.0.md §2.2 [bundle: shellExecutionService.ts childProcessFallback]
 */
export function shellOutputText(chunks: readonly { stream: string; base64?: string; text?: string }[]): string {
  const decoders = { stdout: new TextDecoder("utf-8"), stderr: new TextDecoder("utf-8") };
  const sniff: Uint8Array[] = [];
  let sniffed = 0;
  let streaming = true;
  let output = "";
  for (const chunk of chunks) {
    const bytes = chunk.base64 !== undefined ? decodeBase64(chunk.base64) : new TextEncoder().encode(chunk.text ?? "");
    if (streaming && sniffed < MAX_SNIFF_SIZE) {
      sniff.push(bytes);
      sniffed = sniff.reduce((sum, part) => sum + part.length, 0);
      if (hasNulInSample(sniff)) streaming = false;
    }
    if (!streaming) continue;
    const decoder = chunk.stream === "stderr" ? decoders.stderr : decoders.stdout;
    output += decoder.decode(bytes, { stream: true });
  }
  output += decoders.stdout.decode();
  output += decoders.stderr.decode();
  return stripAnsi(output).trim();
}

function hasNulInSample(parts: readonly Uint8Array[]): boolean {
  let seen = 0;
  for (const part of parts) {
    for (const byte of part) {
      if (seen++ >= SNIFF_SAMPLE) return false;
      if (byte === 0) return true;
    }
  }
  return false;
}
