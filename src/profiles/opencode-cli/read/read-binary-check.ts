import { extnamePath } from "../../../text/path-posix.js";

/** @see spec §2.2 step 6 */
const BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  ".zip .tar .gz .exe .dll .so .class .jar .war .7z .doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp .bin .dat .obj .o .a .lib .wasm .pyc .pyo".split(" "),
);

/** Bytes sampled for the control-byte check. @see spec §2.2 constants */
export const READ_SAMPLE_BYTES = 4096;

/**
 * v1 read's binary test: a binary extension, a NUL in the first 4096 bytes, or more than 30% of
 * those bytes in 0x00–0x08 ∪ 0x0E–0x1F. An empty file is not binary.
 * @see spec §2.2 step 6
 */
export function isBinaryFile(path: string, bytes: Uint8Array): boolean {
  if (BINARY_EXTENSIONS.has(extnamePath(path).toLowerCase())) return true;
  const length = Math.min(bytes.length, READ_SAMPLE_BYTES);
  if (length === 0) return false;
  let control = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i];
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control / length > 0.3;
}
