import type { ImageReadObservation } from "../../../generated/schema-types.js";
import { decodeBase64 } from "../../../text/base64.js";
import { UnsupportedError } from "../../profile.js";
import type { CodexOutput } from "../codex-result.js";
import { imageFacts } from "./image-facts.js";

/**
 * The largest image Codex sends as it is for gpt-5.5 (its images go with `detail: "original"`):
 * at most 6000 pixels a side and 10,240,000 pixels (10,000 patches of 32 × 32). Observed: 6000 × 50,
 * 50 × 2000, 3000 × 1000 (JPEG) and 3200 × 3200 sent as they are; 3201 × 3200, 4096 × 4096,
 * 20000 × 10 resized (re-encoded: not modelled).
 * @see spec §5.2
 */
const MAX_SIDE = 6000;
const MAX_PATCHES = 10000;
const PATCH = 32;

/**
 * `detail` takes `high` or `original` (either way gpt-5.5's item says `original`, observed);
 * anything else is refused before the path is looked at (the order Codex's handler checks in).
 * @see spec §5.1
 */
export function detailError(input: Record<string, unknown>): string | null {
  const detail = input.detail;
  if (detail === undefined || detail === "high" || detail === "original") return null;
  if (typeof detail !== "string") throw new UnsupportedError("codex-cli: a view_image detail that is not a string is not modelled");
  return `view_image.detail only supports \`high\` or \`original\`; omit \`detail\` for default high resized behavior, got \`${detail}\``;
}

/**
 * view_image's result, from the file's bytes (the format is sniffed from them, never from the
 * name): a PNG, JPEG or WebP within the size above is one `input_image` item holding the file's
 * own bytes as a `data:image/<png|jpeg|webp>;base64,` URL with `detail: "original"`; a BMP, TIFF or
 * ICO file, an empty or damaged PNG and bytes of no image format are the text
 * `unable to process image: invalid or unsupported image data` (this build decodes none of them);
 * a missing path `unable to locate image at \`<path>\`: <error>`; a directory
 * `image path \`<path>\` is not a file`. GIF (decoded and re-encoded as PNG), larger images
 * (resized), and the other formats Codex's image library sniffs are unsupported.
 * @see spec §5 (observed bytes; source codex-rs/utils/image/src/lib.rs)
 */
export function formatViewImage(observation: ImageReadObservation): CodexOutput {
  if (observation.failure === "missing") return { output: `unable to locate image at \`${observation.path}\`: ${observation.message ?? ""}` };
  if (observation.failure === "not-file") return { output: `image path \`${observation.path}\` is not a file` };
  if (observation.bytesBase64 === undefined) throw new UnsupportedError("codex-cli: a view_image observation needs bytesBase64 or failure");
  const facts = imageFacts(decodeBase64(observation.bytesBase64));
  switch (facts.kind) {
    case "undecodable":
      return { output: "unable to process image: invalid or unsupported image data" };
    case "unmodelled":
      throw new UnsupportedError(`codex-cli: view_image of ${facts.why} is not modelled`);
    case "image": {
      const { width, height, mime } = facts;
      const fits = Math.max(width, height) <= MAX_SIDE && width * height <= MAX_PATCHES * PATCH * PATCH && Math.ceil(width / PATCH) * Math.ceil(height / PATCH) <= MAX_PATCHES;
      if (!fits) throw new UnsupportedError(`codex-cli: an image of ${width} × ${height} (resized and re-encoded by Codex) is not modelled`);
      return { output: [{ type: "input_image", image_url: `data:${mime};base64,${observation.bytesBase64}`, detail: "original" }] };
    }
  }
}
