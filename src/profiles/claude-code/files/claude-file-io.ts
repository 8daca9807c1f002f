import { encodeBase64 } from "../../../text/base64.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import type { ClaudeSession } from "../claude-session.js";

/**
 * The file reads and failures Claude Code's tools share in the profile's replay: a file's text as
 * the session reads it, the encodings Edit and Write refuse, and the files whose bytes the replay
 * no longer holds. @see docs/spec/claude-code-2.1.332.md §4, §5, §6
 */

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes as `{text}` when valid UTF-8 (a BOM kept as U+FEFF: a command's output keeps it, observed), else `{base64}` (named by the observation's keys). */
export function textOrBase64(bytes: Uint8Array, textKey: string, base64Key: string): Record<string, string> {
  try {
    return { [textKey]: decoder.decode(bytes) };
  } catch {
    return { [base64Key]: encodeBase64(bytes) };
  }
}

/** A file's text as the session reads it for Edit and Write, or null when there is none. */
export async function fileText(environment: EnvironmentPort, path: string): Promise<string | null> {
  return (await fileTextAndBom(environment, path)).text;
}

/** A file's text as the session reads it (a BOM dropped), and whether its bytes start with UTF-8's byte-order mark. */
export async function fileTextAndBom(environment: EnvironmentPort, path: string): Promise<{ text: string | null; bom: boolean }> {
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return { text: null, bom: false };
  return { text: new TextDecoder("utf-8", { fatal: false }).decode(bytes), bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf };
}

/**
 * A write the replay could not make. Refused for want of permission (EACCES) over an existing
 * file, the binary writes a temp file beside it and renames it over the file (which succeeds in a
 * folder it may write) or falls back to writing in place; below a missing folder it creates the
 * folders first: not modelled. @see spec §12.1
 */
export function unmodelledWriteFailure(path: string, failure: string): UnsupportedError {
  if (failure === "EACCES")
    return new UnsupportedError(
      `claude-code: writing ${path} was refused for want of permission; what the binary then does (its temp file and rename or in-place fallback over an existing file, its mkdir of missing folders) is not modelled (docs/spec/claude-code-2.1.332.md §12.1)`,
    );
  return new UnsupportedError(`claude-code: writing ${path} failed (${failure}); not modelled`);
}

/**
 * Why Edit and Write refuse a file for its encoding, as Read classifies its bytes (§4.7): `nul` (a
 * NUL among the first 8,000 bytes), `invalid` (not valid UTF-8); undefined for UTF-8 text or a
 * missing file. UTF-16 (a byte-order mark `FF FE` or `FE FF`): not pinned. @see spec §5.2, §6.1
 */
export async function refusedEncoding(environment: EnvironmentPort, path: string): Promise<"nul" | "invalid" | undefined> {
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return undefined;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new UnsupportedError("claude-code: Edit or Write of a UTF-16 file (behind its byte-order mark) is not pinned (docs/spec/claude-code-2.1.332.md §5.2)");
  if (bytes.subarray(0, 8000).includes(0)) return "nul";
  try {
    decoder.decode(bytes);
    return undefined;
  } catch {
    return "invalid";
  }
}

/** A file the binary changed in a way the profile does not model: what a call then reads of it or does to it is not the replay's. */
export function unmodelledChange(session: ClaudeSession, path: string): void {
  const why = session.unmodelledChanges.get(path);
  if (why !== undefined) throw new UnsupportedError(`claude-code: ${path} was changed by ${why}: its bytes on disk are not the replay's`);
}

/** Whether a path exists (any kind). */
export const exists = async (environment: EnvironmentPort, path: string) => (await environment.stat(path)).kind !== "missing";
