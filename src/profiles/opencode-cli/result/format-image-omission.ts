import { decodeBase64 } from "../../../text/base64.js";
import { sniffMime } from "../../opencode-shared/read-sniff-mime.js";
import type { CliFilePart, ToolOutcome } from "./format-result.js";

/**
 * Whether the v1 processor can decode an image attachment: its bytes carry a raster image
 * signature (png, jpeg, gif, webp, bmp). A text file named `.png` cannot be decoded.
 */
export function isDecodableImage(part: CliFilePart): boolean {
  const comma = part.url.indexOf(",");
  if (!part.url.startsWith("data:") || comma === -1) return false;
  const head = part.url.slice(comma + 1, comma + 1 + 64);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(head.slice(0, head.length - (head.length % 4)));
  } catch {
    return false;
  }
  return sniffMime(bytes)?.startsWith("image/") === true;
}

/**
 * The v1 processor's image post-processing: image attachments it cannot bring under the size
 * limit are dropped and `⏎⏎[<k> image(s) omitted: could not be resized below the image size limit.]`
 * is appended. `omitted` forces the outcome for every image (the observation's `imageOmitted`);
 * otherwise an image is dropped when its bytes do not decode as one.
 * @see spec §2.14 last bullet, README "read of a file whose extension says image but whose bytes are not one"
 */
export function omitUnresizableImages(outcome: ToolOutcome, omitted: boolean | undefined): ToolOutcome {
  const attachments = outcome.attachments;
  if (attachments === undefined) return outcome;
  const kept = attachments.filter((part) => !part.mime.startsWith("image/") || (omitted === undefined ? isDecodableImage(part) : !omitted));
  const dropped = attachments.length - kept.length;
  if (dropped === 0) return outcome;
  const { attachments: _all, ...rest } = outcome;
  return {
    ...rest,
    output: `${outcome.output}\n\n[${dropped} image${dropped === 1 ? "" : "s"} omitted: could not be resized below the image size limit.]`,
    ...(kept.length > 0 ? { attachments: kept } : {}),
  };
}
