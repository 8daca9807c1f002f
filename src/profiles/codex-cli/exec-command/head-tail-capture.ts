import { UnsupportedError } from "../../profile.js";

/** Codex keeps at most 1 MiB of a command's output: the first and the last 512 KiB. @see spec §3.4 (source codex-rs/core/src/unified_exec/head_tail_buffer.rs; observed bytes) */
export const CAPTURE_MAX_BYTES = 1024 * 1024;

/** What Codex's capture kept of an output over its limit. */
export interface HeadTailCaptured {
  /** The head, `⏎... <omitted> bytes omitted ...⏎`, and the tail, decoded. */
  text: string;
  omittedBytes: number;
  totalBytes: number;
}

/**
 * Codex's capture of an output over 1 MiB: the first 512 KiB and the last 512 KiB, the marker
 * `\n... <N> bytes omitted ...\n` between them (N = total − 1 MiB), or null within the limit.
 * Observed for ASCII outputs (2,000,000 `a`, `seq 1 300000`); an output that is not valid UTF-8,
 * or whose head or tail edge splits a character, is unsupported (which count Codex then reports
 * was not observed).
 * @see spec §3.4
 */
export function headTailCapture(bytes: Uint8Array): HeadTailCaptured | null {
  if (bytes.length <= CAPTURE_MAX_BYTES) return null;
  const half = CAPTURE_MAX_BYTES / 2;
  const omittedBytes = bytes.length - CAPTURE_MAX_BYTES;
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;
  if (isContinuation(bytes[half]) || isContinuation(bytes[bytes.length - half])) {
    throw new UnsupportedError("codex-cli: a 1 MiB capture edge inside a multi-byte character is not modelled");
  }
  let head: string;
  let tail: string;
  try {
    strict.decode(bytes);
    head = strict.decode(bytes.subarray(0, half));
    tail = strict.decode(bytes.subarray(bytes.length - half));
  } catch {
    throw new UnsupportedError("codex-cli: an output over 1 MiB that is not valid UTF-8 is not modelled");
  }
  return { text: `${head}\n... ${omittedBytes} bytes omitted ...\n${tail}`, omittedBytes, totalBytes: bytes.length };
}
