import type { ImageReadObservation } from "../../../generated/schema-types.js";
import { decodeBase64 } from "../../../text/base64.js";
import { UnsupportedError } from "../../profile.js";
import type { CodexOutput } from "../codex-result.js";

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Codex sends an image as it is only within 2048 × 768 pixels; larger ones are resized. @see spec §5 (source codex-rs/utils/image/src/lib.rs) */
const MAX_WIDTH = 2048;
const MAX_HEIGHT = 768;
/** Magic numbers of image formats Codex decodes and re-encodes (not modelled). */
const OTHER_IMAGE_MAGIC = [
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x52, 0x49, 0x46, 0x46],
  [0x42, 0x4d],
];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

/**
 * view_image's result: a PNG within 2048 × 768 is one `input_image` item holding the file's own
 * bytes as a data URL with `detail: "original"`; bytes of no image format are the text
 * `unable to process image: invalid or unsupported image data`; a missing path
 * `unable to locate image at \`<path>\`: <error>`; a directory `image path \`<path>\` is not a file`.
 * JPEG, GIF, WebP, BMP and larger PNGs (decoded and re-encoded by Codex) are unsupported.
 * @see spec §5 (observed bytes)
 */
export function formatViewImage(observation: ImageReadObservation): CodexOutput {
  if (observation.failure === "missing") return { output: `unable to locate image at \`${observation.path}\`: ${observation.message ?? ""}` };
  if (observation.failure === "not-file") return { output: `image path \`${observation.path}\` is not a file` };
  if (observation.bytesBase64 === undefined) throw new UnsupportedError("codex-cli: a view_image observation needs bytesBase64 or failure");
  const bytes = decodeBase64(observation.bytesBase64);
  if (startsWith(bytes, PNG_MAGIC)) {
    if (bytes.length < 24) throw new UnsupportedError("codex-cli: a truncated PNG is not modelled");
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    if (width > MAX_WIDTH || height > MAX_HEIGHT) throw new UnsupportedError("codex-cli: a PNG over 2048 × 768 (resized by Codex) is not modelled");
    return { output: [{ type: "input_image", image_url: `data:image/png;base64,${observation.bytesBase64}`, detail: "original" }] };
  }
  if (OTHER_IMAGE_MAGIC.some((magic) => startsWith(bytes, magic))) throw new UnsupportedError("codex-cli: view_image of a JPEG, GIF, WebP or BMP file is not modelled");
  return { output: "unable to process image: invalid or unsupported image data" };
}
